-- A ban on destroying (API 6's may_destroy).
return {
  name = "Iron Bunker", type = "land", strength = 4, kind = "ongoing",
  text = "Your other cards in this theater cannot be destroyed.",
  ongoing = {
    may_destroy = function(g, this, card, allowed)
      if card ~= this and g:owner(card) == g:owner(this) and g:theater(card) == g:theater(this) then return false end
      return allowed
    end,
  },
}
