-- Cards that iterate pairs and count in upvalues: the same seed gives the same game in every
-- process and with any number of threads (tests/cli/cli_test.sh).
return { name = "determinism", api = 2, extends = "../api2", theaters = { "air", "land", "sea" }, rules = { hand_size = 3 },
         cards = { "plain", "spare", "other", "pairs_pick", "counter", "probe", "from_hand" } }
