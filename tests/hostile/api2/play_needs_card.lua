return {
  type = "air", strength = 1, kind = "instant", text = "Asks for a play without naming the card.",
  ability = function(g, card) g:choose_theater(g:owner(card), g:theaters(), { play = "facedown" }) end,
}
