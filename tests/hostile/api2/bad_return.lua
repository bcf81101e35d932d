return {
  type = "air", strength = 1, kind = "ongoing", text = "A strength function that returns a string.",
  ongoing = { strength = function(g, this, card, value) return "strong" end },
}
