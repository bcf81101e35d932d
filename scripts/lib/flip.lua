-- Flip abilities shared by cards: use("flip") in a card script (docs/modding.md, "Shared Lua").
local flip = {}

--- The ability "the card's owner flips one card chosen from g:cards(filter)"; `adjacent = true`
--- in `filter` limits it to the theaters adjacent to the card's own. Mandatory: skipped only when
--- there is no target (rulings 14, 16), or when the card is in the deck (it has no owner then).
--- Returns the declaration { flip = filter }, which the engine carries out itself, without
--- running Lua (docs/modding.md, "Declared abilities"); it can also be called, as
--- flip.one(filter)(g, card), from an ability function of your own, and then does the same.
function flip.one(filter)
  -- Only cards that may flip are offered (a may_flip ban of API 3, or a covered card when the
  -- rules forbid flipping covered cards).
  local choices = { flippable = true }
  for k, v in pairs(filter) do choices[k] = v end
  local function run(g, card)
    local you = g:owner(card)
    if not you then return end
    local target = g:choose_card(you, g:cards(choices))
    if target then g:flip(target) end
  end
  return setmetatable({ flip = filter }, { __call = function(_, g, card) return run(g, card) end })
end

return flip
