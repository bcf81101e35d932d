return {
  type = "air", strength = 1, kind = "instant", text = "Requires a module.",
  ability = function(g, card)
    require("os")
  end,
}
