-- House rule: a battle played out goes to the player who controls the middle theater.
return function(rules)
  rules.battle_winner = function(g, winner)
    local theaters = g:theaters()
    return g:controller(theaters[(#theaters + 1) // 2])
  end
end
