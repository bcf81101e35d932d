return {
  name = "Bad To", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this) g:reveal(this, 3) end,
}
