-- A card of our own design: a counter to facedown plays.
return {
  name = "Sabotage", type = "air", strength = 3, kind = "instant",
  text = "You may destroy an uncovered facedown card in an adjacent theater.",
  ability = function(g, card)
    local targets = g:cards{ uncovered = true, facedown = true, theaters = g:adjacent(g:theater(card)) }
    local target = g:choose_card(g:owner(card), targets, { may = true })
    if target then g:destroy(target) end
  end,
}
