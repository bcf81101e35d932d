-- House rule: every battle is worth 3 VP, whether played out or won by a withdrawal.
return function(rules)
  rules.battle_vp = function(g, winner, how, cards_left, vp)
    return 3
  end
end
