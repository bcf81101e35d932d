-- Scripts that spend time rather than memory (tests/unit/test_hostile.cpp): each once took tens of
-- seconds for one refused action; each is now stopped by a budget within a fraction of a second.
return {
  name = "budgets", api = 2, theaters = { "air", "land" },
  rules = { hand_size = 1 },
  cards = { "plain", "compare", "long_string", "chain", "slow_strength", "flipper", "refuser", "plain_loop", "refuses_1000", "refuses_1300" },
}
