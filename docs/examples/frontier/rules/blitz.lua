-- House rule: once each player has played 3 cards, a player who controls every theater ends the
-- battle with a blitz, which scores 2 VP more. The end has a reason.
return function(rules)
  rules.battle_over = function(g)
    if g:hand_size(1) > 3 or g:hand_size(2) > 3 then return false end
    local ts = g:theaters()
    for p = 1, 2 do
      local all = true
      for _, t in ipairs(ts) do all = all and g:controller(t) == p end
      if all then return "blitz" end
    end
    return false
  end
  rules.battle_vp = function(g, winner, how, cards_left, vp)
    if how == "blitz" then return vp + 2 end
    return vp
  end
end
