return { name = "typo-effect", api = 1, theaters = { "air", "land" }, cards = { "a", "b" } }
