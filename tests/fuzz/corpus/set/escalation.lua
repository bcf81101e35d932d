return {
  name = "Escalation", type = "sea", strength = 2, kind = "ongoing",
  text = "All of your facedown cards are now strength 4.",
  ongoing = { set_strength = { cards = "own_facedown", value = 4 } },
}
