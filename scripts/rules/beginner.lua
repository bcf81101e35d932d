-- Beginner mode (Revised Edition rulebook, "Beginner Mode"): the winner of each battle scores
-- 1 VP, withdrawal or not (the charts are ignored); the first player to 3 VP wins.
return function(rules)
  rules.battle_vp = 1
  rules.withdraw_chart = { {1}, {1} }
  rules.vp_target = 3
end
