return {
  type = "space", strength = 1, kind = "ongoing",
  text = "You get +1 in every other theater.",
  ongoing = { bonus = { theaters = "other", amount = 1 } },
}
