return {
  name = "api_mismatch", api = 99, theaters = { "air", "land" },
  rules = { hand_size = 1 },
  cards = { "plain", "bad" },
}
