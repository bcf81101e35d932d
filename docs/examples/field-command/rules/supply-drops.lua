-- House rule: at the start of each turn the player to act may drop 1 supply token in a theater;
-- at the end of it, the log says how many cards they have left.
return function(rules)
  rules.turn_start = function(g, player)
    local where = g:choose_theater(player, g:theaters(), { may = true })
    if where then g:add_tokens(player, where, 1) end
  end
  rules.turn_end = function(g, player)
    g:log("player " .. player .. " ends the turn with " .. g:hand_size(player) .. " cards")
  end
end
