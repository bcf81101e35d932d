-- One empty acting hook: what calling a hook costs (tests/bench, docs/performance.md).
return {
  turn_end = function(g, player) end,
}
