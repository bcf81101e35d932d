return { name = "t", api = 1, theaters = { "air" }, rules = { hand_size = 1 }, cards = { "a", "b" } }
