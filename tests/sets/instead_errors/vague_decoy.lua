-- A replacement that answers neither true nor false.
return {
  name = "Vague Decoy", type = "land", strength = 2, kind = "ongoing",
  text = "If this card would be destroyed, it says 1.",
  instead = {
    destroy = function(g, this, card, e) return 1 end,
  },
}
