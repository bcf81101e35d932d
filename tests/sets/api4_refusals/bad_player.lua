return {
  name = "Bad Player", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this) g:to_hand("transport", 3) end,
}
