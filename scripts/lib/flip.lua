-- Flip abilities shared by cards: use("flip") in a card script (docs/modding.md, "Shared Lua").
local flip = {}

--- An ability in which the card's owner flips one card chosen from g:cards(filter);
--- `adjacent = true` in `filter` limits it to the theaters adjacent to the card's own.
--- Mandatory: skipped only when there is no target (rulings 14, 16).
function flip.one(filter)
  local keys, values, adjacent = {}, {}, filter.adjacent
  for k, v in pairs(filter) do
    if k ~= "adjacent" then
      keys[#keys + 1], values[#values + 1] = k, v
    end
  end
  return function(g, card)
    local query = {}  -- built afresh each time: the tables a card keeps are read-only
    for i = 1, #keys do query[keys[i]] = values[i] end
    if adjacent then query.adjacent_to = g:theater(card) or false end
    local target = g:choose_card(g:owner(card), g:cards(query))
    if target then g:flip(target) end
  end
end

return flip
