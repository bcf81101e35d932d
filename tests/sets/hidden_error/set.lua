-- A card whose ability fails on a card of the opponent's hidden hand (tests/cli/knowledge_test.sh):
-- the error shown to the seat that played it must not name that card.
return {
  name = "hidden_error", api = 2, theaters = { "air", "land", "sea" },
  rules = { hand_size = 4 },
  cards = { "saboteur", "alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf" },
}
