return {
  name = "Reservist", type = "air", strength = 2, kind = "ongoing",
  text = "Whenever one of your cards on the board returns to your hand, you gain 1 VP.",
  triggers = {
    returned = function(g, this, e)
      local you = g:owner(this)
      if e.player == you then g:gain_vp(you, 1) end
    end,
  },
}
