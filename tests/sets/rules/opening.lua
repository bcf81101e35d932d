-- A house rule that writes at every battle's start and every turn's start (tests of battle 1's
-- opening: its lines must appear wherever battle 2's do).
return function(rules)
  rules.battle_start = function(g)
    g:log("battle " .. g:battle() .. " opens")
  end
  rules.turn_start = function(g, player)
    g:log("turn of player " .. player)
  end
end
