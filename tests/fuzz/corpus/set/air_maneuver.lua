return {
  name = "Maneuver", type = "air", strength = 3, kind = "instant",
  text = "Flip an uncovered card in an adjacent theater.",
  ability = use("flip").one{ uncovered = true, adjacent = true },
}
