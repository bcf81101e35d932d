return {
  name = "Ambush", type = "land", strength = 2, kind = "instant",
  text = "Flip any uncovered card.",
  ability = function(g, card)
    local target = g:choose_card(g:owner(card), g:cards{ uncovered = true })
    if target then g:flip(target) end
  end,
}
