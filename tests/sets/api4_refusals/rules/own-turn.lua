-- A house rule's effect has no player: "own_next_turn_start" is refused (use { turns = N }).
return {
  battle_start = function(g)
    g:effect("mist", "own_next_turn_start")
  end,
  effects = { mist = { strength = function(g, this, card, value) return value end } },
}
