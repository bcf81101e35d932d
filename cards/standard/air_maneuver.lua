return {
  name = "Maneuver", type = "air", strength = 3, kind = "instant",
  text = "Flip an uncovered card in an adjacent theater.",
  ability = function(g, card)
    local target = g:choose_card(g:owner(card), g:cards{ uncovered = true, theaters = g:adjacent(g:theater(card)) })
    if target then g:flip(target) end
  end,
}
