return {
  type = "air", strength = 1, kind = "ongoing", text = "A strength function that tries to flip a card.",
  ongoing = { strength = function(g, this, card, value) g:flip(this) return value end },
}
