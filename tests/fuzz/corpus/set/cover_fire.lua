return {
  name = "Cover Fire", type = "land", strength = 4, kind = "ongoing",
  text = "All cards covered by this card are now strength 4.",
  ongoing = { set_strength = { cards = "covered_by_this", value = 4 } },
}
