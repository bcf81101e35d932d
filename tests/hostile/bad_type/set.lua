return {
  name = "bad_type", api = 1, theaters = { "air", "land" },
  rules = { hand_size = 1 },
  cards = { "plain", "bad" },
}
