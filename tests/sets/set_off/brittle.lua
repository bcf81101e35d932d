-- A modder's slip: its trigger asks for the owner of a card that has gone to the deck (nil), so
-- the error must say which card's ability destroyed it.
return {
  name = "Brittle", type = "air", strength = 2, kind = "ongoing",
  text = "When this card is destroyed, its owner gains 1 VP.",
  triggers = {
    destroyed = function(g, this, e)
      if e.card == this then g:gain_vp(g:owner(this), 1) end
    end,
  },
}
