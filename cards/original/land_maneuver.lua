return {
  name = "Maneuver", type = "land", strength = 3, kind = "instant",
  text = "Flip a card in an adjacent theater.",
  ability = use("flip").one{ flippable = true, adjacent = true },
}
