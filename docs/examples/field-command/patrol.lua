return {
  name = "Patrol", type = "air", strength = 1, kind = "ongoing",
  text = "At the start of your turn, look at the top card of the deck; you may put it on the bottom.",
  triggers = {
    turn_start = function(g, this, e)
      local you = g:owner(this)
      if e.player ~= you then return end
      local top = g:look(you, 1)[1]
      if top and g:choose_card(you, { top }, { may = true }) then
        g:to_deck(top, "bottom")
        g:log("patrol: the top card of the deck goes to the bottom")
      end
    end,
  },
}
