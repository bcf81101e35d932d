-- A game_over hook that returns what it may not, by the cards player 1 holds as the battle ends.
return {
  game_over = function(g)
    local n = #g:hand(1)
    if n == 1 then return 3 end
    if n == 2 then return 1, 5 end
    return 2, string.rep("x", 41)
  end,
}
