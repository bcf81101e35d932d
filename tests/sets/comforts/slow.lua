return {
  name = "Slow", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this) g:effect("haze", "next_turn_start") end,
  effects = { haze = { strength = function(g, this, card, value) return value end } },
}
