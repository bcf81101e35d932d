return {
  name = "Ambush", type = "land", strength = 2, kind = "instant",
  text = "Flip a card in any theater.",
  ability = function(g, card)
    local target = g:choose_card(g:owner(card), g:cards{ flippable = true })
    if target then g:flip(target) end
  end,
}
