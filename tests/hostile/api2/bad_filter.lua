return {
  type = "air", strength = 1, kind = "instant", text = "Asks g:cards for player 3.",
  ability = function(g, card) g:cards{ player = 3 } end,
}
