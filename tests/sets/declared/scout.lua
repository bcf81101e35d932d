return {
  name = "Scout", type = "air", strength = 1, kind = "instant",
  text = "Flip any facedown card.",
  ability = function(g, card) return use("flip").one{ facedown = true }(g, card) end,
}
