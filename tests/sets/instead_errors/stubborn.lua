-- A replacement that does the event it replaces: it is not replaced by itself again.
return {
  name = "Stubborn", type = "land", strength = 3, kind = "ongoing",
  text = "If this card would be destroyed, say so, then destroy it.",
  instead = {
    destroy = function(g, this, card, e)
      g:log("stubborn holds (cause " .. tostring(e.cause) .. ", from " .. e.from .. ", kind " .. e.kind .. ")")
      return g:destroy(this)
    end,
  },
}
