return {
  name = "Maneuver", type = "air", strength = 3, kind = "instant",
  text = "Flip a card in an adjacent theater.",
  ability = function(g, card)
    local target = g:choose_card(g:owner(card), g:cards{ flippable = true, theaters = g:adjacent(g:theater(card)) })
    if target then g:flip(target) end
  end,
}
