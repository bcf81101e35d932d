return {
  name = "Reinforce", type = "land", strength = 1, kind = "instant",
  text = "Look at the top card of the deck. You may play it facedown to an adjacent theater.",
  ability = function(g, card)
    local you = g:owner(card)
    local top = g:draw(you)  -- not played: it goes back on top of the deck
    if not top then return end
    local where = g:choose_theater(you, g:adjacent(g:theater(card)), { may = true, card = top })
    if where then g:play(you, top, where, "facedown") end
  end,
}
