return {
  name = "Transport", type = "sea", strength = 1, kind = "instant",
  text = "You may move 1 of your cards to a different theater.",
  ability = function(g, card)
    local you = g:owner(card)
    local moving = g:choose_card(you, g:cards{ player = you }, { may = true })
    if not moving then return end
    local to = g:choose_theater(you, g:theaters{ except = g:theater(moving) }, { about = moving })
    if to then g:move(moving, to) end
  end,
}
