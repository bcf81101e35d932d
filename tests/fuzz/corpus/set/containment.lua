return {
  name = "Containment", type = "air", strength = 5, kind = "ongoing",
  text = "If any player plays a facedown card, destroy that card.",
  ongoing = { destroy_plays = { facedown = true } },
}
