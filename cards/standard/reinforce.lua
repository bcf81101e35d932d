return {
  name = "Reinforce", type = "land", strength = 1, kind = "instant",
  text = "Draw 1 card and play it facedown to an adjacent theater.",
  ability = function(g, card)
    local you = g:owner(card)
    local drawn = g:draw(you)
    if not drawn then return end
    -- play = "facedown": only where that play is allowed (a variant's card may forbid one: ruling 14)
    local where = g:choose_theater(you, g:adjacent(g:theater(card)), { card = drawn, play = "facedown" })
    if where then g:play(you, drawn, where, "facedown") end
  end,
}
