return {
  name = "Bad Id", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this) g:reveal({ "transprt" }, 1) end,
}
