return { name = "t", api = 1, theaters = { "air", "lnad", "sea" }, rules = { hand_size = 1 }, cards = { "a", "b" } }
