-- Cards that iterate pairs and count (in counters: a script keeps nothing in its variables): the
-- same seed gives the same game in every process and with any number of threads
-- (tests/cli/cli_test.sh).
return { name = "determinism", api = 3, extends = "../api2", theaters = { "air", "land", "sea" }, rules = { hand_size = 3 },
         cards = { "plain", "spare", "other", "pairs_pick", "tally", "probe", "from_hand" } }
