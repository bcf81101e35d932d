return {
  type = "air", strength = 1, kind = "ongoing", text = "A total function that tries to ask a player.",
  ongoing = { total = function(g, this, player, theater, value) g:choose_card(1, { this }) return value end },
}
