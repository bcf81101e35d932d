return {
  type = "air", strength = 1, kind = "instant", text = "Tampers with strings.",
  ability = function(g, card)
    getmetatable("").__index.upper = nil
  end,
}
