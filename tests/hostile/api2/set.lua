-- API 2 cards that misbehave, or probe the new verbs (tests/unit/test_api2.cpp).
return {
  name = "api2-hostile", api = 2, theaters = { "air", "land", "sea" },
  rules = { hand_size = 2 },
  cards = { "plain", "spare", "other", "writes_in_strength", "asks_in_total", "bad_return", "probe", "from_hand",
            "pairs_pick", "counter", "bad_filter", "bad_option", "play_needs_card", "card_option" },
}
