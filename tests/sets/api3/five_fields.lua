return { name = "Five Fields", type = "sea", strength = 3, kind = "instant", text = "",
  ability = function(g, this) g:effect("e", "turn_end", { a = 1, b = 2, c = 3, d = 4, f = 5 }) end,
  effects = { e = { strength = function(g, this, card, value) return value end } } }
