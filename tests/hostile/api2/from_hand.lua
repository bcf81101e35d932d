return {
  type = "air", strength = 1, kind = "instant", text = "Destroys the first card of the opponent's hand.",
  ability = function(g, card)
    local hand = g:hand(g:opponent(g:owner(card)))
    if hand[1] then g:destroy(hand[1]) end
  end,
}
