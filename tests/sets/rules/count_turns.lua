-- Measures of a designer's own (g:measure): every turn that ends, and every battle won by the
-- player who took the battle's last turn.
return {
  turn_end = function(g, player)
    g:measure("turns")
    if g:score(player) > g:score(3 - player) then g:measure("turns_ahead") end
  end,
  battle_start = function(g) g:measure("battles", 1) end,
}
