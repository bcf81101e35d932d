-- Reads a player's counter in an ongoing function (allowed).
return { name = "Booster", type = "land", strength = 1, kind = "ongoing", text = "",
  ongoing = {
    strength = function(g, this, card, value)
      if card == this then return value + g:counter(g:owner(this), "boost") end
      return value
    end,
  } }
