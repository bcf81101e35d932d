return {
  type = "air", strength = 1, kind = "instant", text = "Loads code.",
  ability = function(g, card)
    load("return 1")()
  end,
}
