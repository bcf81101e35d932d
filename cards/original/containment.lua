return {
  name = "Containment", type = "air", strength = 5, kind = "ongoing",
  text = "If either player plays a card facedown, discard that card with no effect.",
  ongoing = { destroy_plays = { facedown = true } },
}
