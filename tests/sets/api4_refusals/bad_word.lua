return {
  name = "Bad Word", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this) g:reveal(this, "everyone") end,
}
