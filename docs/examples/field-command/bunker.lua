return {
  name = "Bunker", type = "land", strength = 1, kind = "ongoing",
  text = "When this card is uncovered, put 2 supply tokens on your side of its theater.",
  triggers = {
    uncovered = function(g, this, e)
      if e.card == this and g:theater(this) then g:add_tokens(g:owner(this), g:theater(this), 2) end
    end,
  },
}
