return { name = "Misnamed", type = "sea", strength = 2, kind = "instant", text = "",
  ability = function(g, this) g:effect("banr", "turn_end") end,
  effects = { banner = { strength = function(g, this, card, value) return value end } } }
