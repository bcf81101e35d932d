-- A battle_vp hook that fails whenever a battle is played out: the computer's search reaches that
-- in its look-ahead. It once made the search avoid it silently (withdrawing every battle).
return function(rules)
  rules.battle_vp = function(g, winner, how, cards_left, vp)
    if how == "control" then error("no battle may be played out") end
    return vp
  end
end
