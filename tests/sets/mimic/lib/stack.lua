-- Stacks of cards: use("stack") in a card script of this set or of a set that extends it
-- (docs/modding.md, "Shared Lua").
local stack = {}

--- The card directly below `this` in its owner's stack in its theater (the card it covers), or
--- nil: `this` is at the bottom, or off the board. A query: read it anywhere, a `copies`
--- function included.
function stack.below(g, this)
  local cards = g:cards{ player = g:owner(this), theater = g:theater(this) }
  for i = 2, #cards do
    if cards[i] == this then return cards[i - 1] end
  end
  return nil
end

return stack
