return {
  type = "space", strength = 5, kind = "ongoing",
  text = "Your facedown cards get +1.",
  ongoing = { add_strength = { cards = "own_facedown", by = 1 } },
}
