return { name = "Flood", type = "sea", strength = 4, kind = "instant", text = "",
  ability = function(g, this)
    for i = 1, 17 do g:effect("e", "battle_end", { n = i }) end
  end,
  effects = { e = { strength = function(g, this, card, value) return value end } } }
