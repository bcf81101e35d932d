return {
  name = "Reinforce", type = "land", strength = 1, kind = "instant",
  text = "Look at the top card of the deck. You may play it facedown to an adjacent theater.",
  ability = function(g, card)
    local you = g:owner(card)
    local top = g:look(you, 1)[1]  -- it stays on top of the deck while you decide
    if not top then return end
    local where = g:choose_theater(you, g:adjacent(g:theater(card)), { may = true, card = top, play = "facedown" })
    if where then g:play(you, top, where, "facedown") end
  end,
}
