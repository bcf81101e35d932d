return {
  name = "Ambush", type = "land", strength = 2, kind = "instant",
  text = "Flip any uncovered card.",
  ability = use("flip").one{ uncovered = true },
}
