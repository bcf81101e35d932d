return {
  name = "Air Drop", type = "air", strength = 2, kind = "instant",
  text = "On your next turn, you may play a card to a non-matching theater.",
  ability = function(g, card)
    g:allow_anywhere(g:owner(card), "next_turn")
  end,
}
