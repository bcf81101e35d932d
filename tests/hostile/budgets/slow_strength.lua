return {
  type = "land", strength = 1, kind = "ongoing", text = "Counts to five million before giving a strength.",
  ongoing = {
    strength = function(g, this, card, value)
      local n = 0
      while n < 5000000 do n = n + 1 end
      return value
    end,
  },
}
