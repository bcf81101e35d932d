return { type = "air", strength = 1, kind = "instant", text = "A typo.",
  ability = function(g, this) g:flip("plian") end }
