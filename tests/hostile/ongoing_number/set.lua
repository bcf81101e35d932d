-- An ongoing list holding a number where an effect table belongs (once a segmentation fault).
return {
  name = "ongoing_number", api = 2, theaters = { "air", "land" },
  rules = { hand_size = 1 },
  cards = { "plain", "bad" },
}
