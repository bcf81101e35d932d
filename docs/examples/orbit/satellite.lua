return {
  type = "space", strength = 2, kind = "instant",
  text = "Flip an uncovered card in any theater.",
  ability = { flip = { uncovered = true } },
}
