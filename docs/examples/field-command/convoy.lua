return {
  name = "Convoy", type = "sea", strength = 2, kind = "ongoing",
  text = "When this card moves, put 1 supply token on your side of the theater it moved to.",
  triggers = {
    moved = function(g, this, e)
      if e.card == this then g:add_tokens(g:owner(this), e.to, 1) end
    end,
  },
}
