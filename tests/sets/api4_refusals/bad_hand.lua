return {
  name = "Bad Hand", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this) g:to_hand("transprt", 1) end,
}
