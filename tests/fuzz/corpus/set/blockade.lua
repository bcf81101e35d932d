return {
  name = "Blockade", type = "sea", strength = 5, kind = "ongoing",
  text = "If any player plays a card to an adjacent theater occupied by at least 3 other cards, destroy that card.",
  ongoing = { destroy_plays = { theaters = "adjacent", occupied_at_least = 3 } },
}
