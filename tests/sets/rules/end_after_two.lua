-- A game_over hook: the game ends after two battles, won by the player ahead (1 on a tie).
return {
  game_over = function(g, winner, reason)
    if #g:battles() >= 2 then
      return g:score(1) >= g:score(2) and 1 or 2, "two battles"
    end
  end,
}
