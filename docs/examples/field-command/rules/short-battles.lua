-- House rule: a battle ends once each player has played 4 cards (at most 2 left in each hand).
return function(rules)
  rules.battle_over = function(g)
    return g:hand_size(1) <= 2 and g:hand_size(2) <= 2
  end
end
