-- A replacement with a mistake in it: the action is refused, naming the card and the line.
return {
  name = "Faulty Decoy", type = "land", strength = 2, kind = "ongoing",
  text = "If this card would be destroyed, flip it facedown instead (but the script is wrong).",
  instead = {
    destroy = function(g, this, card, e) return g:flip(e.nothing.here) end,
  },
}
