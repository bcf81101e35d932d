return {
  name = "memory_at_load", api = 1, theaters = { "air", "land" },
  rules = { hand_size = 1 },
  cards = { "plain", "bad" },
}
