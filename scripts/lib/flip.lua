-- Flip abilities shared by cards: use("flip") in a card script (docs/modding.md, "Shared Lua").
local flip = {}

--- An ability in which the card's owner flips one card chosen from `filter` (a g:cards filter);
--- `adjacent = true` in `filter` limits it to the theaters adjacent to the card's own.
--- Mandatory: skipped only when there is no target (rulings 14, 16).
function flip.one(filter)
  return function(g, card)
    local f = {}
    for k, v in pairs(filter) do f[k] = v end
    if f.adjacent then
      f.adjacent = nil
      f.theaters = g:adjacent(g:theater(card))
    end
    local target = g:choose_card(g:owner(card), g:cards(f))
    if target then g:flip(target) end
  end
end

return flip
