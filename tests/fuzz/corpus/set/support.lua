return {
  name = "Support", type = "air", strength = 1, kind = "ongoing",
  text = "You gain +3 strength in each adjacent theater.",
  ongoing = { bonus = { theaters = "adjacent", amount = 3 } },
}
