return {
  name = "Vulture", type = "land", strength = 3, kind = "ongoing",
  text = "Whenever a card of your opponent's is destroyed (on the board, as it is played, or in a hand), you gain 1 VP.",
  triggers = {
    destroyed = function(g, this, e)
      local you = g:owner(this)
      if e.player == g:opponent(you) then g:gain_vp(you, 1) end
    end,
  },
}
