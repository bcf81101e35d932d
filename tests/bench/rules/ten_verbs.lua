-- An acting hook that calls one verb ten times: with empty_hook.lua, what one verb call costs
-- (tests/bench, docs/performance.md).
return {
  turn_end = function(g, player)
    for _ = 1, 10 do g:controller("air") end
  end,
}
