-- A ban on moves, as an ongoing function of a board card.
return {
  name = "Sentry", type = "sea", strength = 3, kind = "ongoing",
  text = "Cards in this theater cannot be moved, and no card can be moved to this theater.",
  ongoing = {
    may_move = function(g, this, card, to, allowed)
      local here = g:theater(this)
      if g:theater(card) == here or to == here then return false end
      return allowed
    end,
  },
}
