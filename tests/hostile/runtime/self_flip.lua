return {
  type = "air", strength = 1, kind = "instant", text = "Flips itself facedown and faceup again, forever.",
  ability = function(g, card)
    g:flip(card)
    g:flip(card)
  end,
}
