-- A replacement effect about the card itself (API 6's `instead`), as printed.
return {
  name = "Decoy", type = "land", strength = 2, kind = "ongoing",
  text = "If this card would be destroyed, flip it facedown instead.",
  instead = {
    destroy = function(g, this, card, e) return g:flip(this) end,
  },
}
