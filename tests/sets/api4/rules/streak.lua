-- A player who wins three battles in a row wins the game at once (API 4: g:battles and the
-- game_over hook).
return {
  game_over = function(g)
    local b = g:battles()
    local n = #b
    if n < 3 then return nil end
    local w = b[n].winner
    if b[n - 1].winner == w and b[n - 2].winner == w then return w, "three battles in a row" end
  end,
}
