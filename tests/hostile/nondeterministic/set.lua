-- A card keyed on the address of a table (tests/cli): its games differed from one process to the
-- next, and its records did not replay; tostring and string.format now give no address.
return { name = "nondeterministic", api = 2, theaters = { "air", "land", "sea" }, rules = { hand_size = 2 },
         cards = { "plain", "spare", "other", "nondeterministic" } }
