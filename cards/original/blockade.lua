return {
  name = "Blockade", type = "sea", strength = 5, kind = "ongoing",
  text = "If a card is played in an adjacent theater with 3 or more cards already in it (counting both players' cards), discard that card with no effect.",
  ongoing = { destroy_plays = { theaters = "adjacent", occupied_at_least = 3 } },
}
