return {
  type = "air", strength = 1, kind = "instant", text = "Gives g:choose_card an option only g:choose_theater takes.",
  ability = function(g, card) g:choose_card(g:owner(card), g:cards{}, { about = card }) end,
}
