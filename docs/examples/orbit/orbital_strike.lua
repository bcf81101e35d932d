return {
  type = "space", strength = 4, kind = "instant",
  text = "Destroy an uncovered facedown card of your opponent's in an adjacent theater.",
  ability = function(g, card)
    local you = g:owner(card)
    if not you then return end
    local target = g:choose_card(you, g:cards{ player = g:opponent(you), uncovered = true, facedown = true, adjacent = true })
    if target then g:destroy(target) end
  end,
}
