return {
  type = "air", strength = 1, kind = "instant",
  text = "Flips itself faceup 60 times in one go (the queue of abilities due once overflowed).",
  ability = function(g, card)
    for _ = 1, 120 do g:flip(card) end
  end,
}
