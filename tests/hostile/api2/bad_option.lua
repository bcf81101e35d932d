return {
  type = "air", strength = 1, kind = "instant", text = "Asks with an option g:choose_theater does not take.",
  ability = function(g, card) g:choose_theater(g:owner(card), g:theaters(), { mya = true }) end,
}
