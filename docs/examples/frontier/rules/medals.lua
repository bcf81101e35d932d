-- House rule: a player who ends their turn controlling every theater earns a medal (a player's
-- counter, kept the whole game); each medal adds 1 VP to every battle that player wins.
return function(rules)
  rules.turn_end = function(g, p)
    for _, t in ipairs(g:theaters()) do
      if g:controller(t) ~= p then return end
    end
    g:add_counter(p, "medals", 1)
  end
  rules.battle_vp = function(g, winner, how, cards_left, vp)
    return vp + g:counter(winner, "medals")
  end
end
