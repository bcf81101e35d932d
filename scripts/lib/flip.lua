-- Flip abilities shared by cards: use("flip") in a card script (docs/modding.md, "Shared Lua").
local flip = {}

--- The ability "the card's owner flips one card chosen from g:cards(filter)"; `adjacent = true`
--- in `filter` limits it to the theaters adjacent to the card's own. Mandatory: skipped only when
--- there is no target (rulings 14, 16), or when the card is in the deck (it has no owner then).
--- Returns the declaration { flip = filter }, which the engine carries out itself, without
--- running Lua (docs/modding.md, "Declared abilities"); it can also be called, as
--- flip.one(filter)(g, card), from an ability function of your own, and then does the same.
function flip.one(filter)
  local function run(g, card)
    local you = g:owner(card)
    if not you then return end
    local target = g:choose_card(you, g:cards(filter))
    if target then g:flip(target) end
  end
  return setmetatable({ flip = filter }, { __call = function(_, g, card) return run(g, card) end })
end

return flip
