return {
  name = "Quartermaster", type = "land", strength = 1, kind = "ongoing",
  text = "At the end of each of your turns, put 1 supply token on your side of this theater.",
  triggers = {
    turn_end = function(g, this, e)
      if e.player == g:owner(this) and g:theater(this) then g:add_tokens(e.player, g:theater(this), 1) end
    end,
  },
}
