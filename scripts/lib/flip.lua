-- Flip abilities shared by cards: use("flip") in a card script (docs/modding.md, "Shared Lua").
local flip = {}

--- An ability in which the card's owner flips one card chosen from g:cards(filter);
--- `adjacent = true` in `filter` limits it to the theaters adjacent to the card's own.
--- Mandatory: skipped only when there is no target (rulings 14, 16).
function flip.one(filter)
  return function(g, card)
    local target = g:choose_card(g:owner(card), g:cards(filter))
    if target then g:flip(target) end
  end
end

return flip
