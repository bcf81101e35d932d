-- Shows both players the top card of the deck and its owner's hand to both.
return {
  name = "Herald", type = "land", strength = 1, kind = "instant",
  text = "Reveal the top card of the deck and your hand.",
  ability = function(g, this)
    local deck = g:deck()
    if #deck > 0 then g:reveal(deck[1], "both") end
    g:reveal(g:hand(g:owner(this)), "both")
  end,
}
