-- A card that makes its owner choose among the opponent's hidden hand (tests/unit/test_hostile.cpp):
-- the options must be listed by the cards' places in that hand, never by their ids.
return {
  name = "hidden_choice", api = 2, theaters = { "air", "land", "sea" },
  rules = { hand_size = 4 },
  cards = { "spy", "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf" },
}
