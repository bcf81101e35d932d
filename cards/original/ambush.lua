return {
  name = "Ambush", type = "land", strength = 2, kind = "instant",
  text = "Flip a card in any theater.",
  ability = use("flip").one{ flippable = true },
}
