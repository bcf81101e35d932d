return {
  type = "air", strength = 1, kind = "ongoing", text = "Each time a card is flipped, works hard, then flips it back.",
  triggers = {
    flipped = function(g, this, e)
      local n = 0
      while n < 1200000 do n = n + 1 end
      g:flip(e.card)
    end,
  },
}
