-- An ongoing function: its owner's total in its theater is 5 higher.
return {
  name = "Bulwark", type = "land", strength = 0, kind = "ongoing",
  text = "+5 to your total in this theater.",
  ongoing = {
    total = function(g, this, p, theater, value)
      if p == g:owner(this) and theater == g:theater(this) then return value + 5 end
      return value
    end,
  },
}
