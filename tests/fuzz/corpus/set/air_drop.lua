return {
  name = "Air Drop", type = "air", strength = 2, kind = "instant",
  text = "The next time you play a card, you may play it to a non-matching theater.",
  ability = function(g, card)
    g:allow_anywhere(g:owner(card), "next_play")
  end,
}
