return {
  type = "air", strength = 1, kind = "instant",
  text = "Destroy a card of your opponent's hand, unseen.",
  ability = function(g, this)
    local me = g:owner(this)
    local pick = g:choose_card(me, g:hand(g:opponent(me)))
    if pick then g:destroy(pick) end
  end,
}
