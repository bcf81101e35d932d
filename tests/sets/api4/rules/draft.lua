-- House rule: a draft instead of the deal. Six rounds; each round the 1st player is shown the
-- top two cards of the deck, takes one, and the other goes to the 2nd player's hand.
return {
  deal = function(g)
    local first = g:first()
    local second = g:opponent(first)
    for _ = 1, 6 do
      local deck = g:deck()
      local two = { deck[1], deck[2] }
      g:reveal(two, first)
      local pick = g:choose_card(first, two, { prompt = "draft: the card to keep" })
      g:to_hand(pick, first)
      g:to_hand(pick == two[1] and two[2] or two[1], second)
    end
  end,
}
