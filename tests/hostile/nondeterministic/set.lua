-- A card whose two runs from the same position differ: `als cards` refuses it (tests/cli).
return { name = "nondeterministic", api = 2, theaters = { "air", "land", "sea" }, rules = { hand_size = 2 },
         cards = { "plain", "spare", "other", "nondeterministic" } }
