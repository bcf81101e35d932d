-- A game_over hook: a battle ended by a withdrawal ends the game, won by the other player.
return {
  game_over = function(g, winner, reason)
    local last = g:battles()[#g:battles()]
    if last.how == "withdraw" then return last.winner, "a withdrawal" end
  end,
}
