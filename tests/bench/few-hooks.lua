-- The benchmark's house rule of a few hooks (turn_end, battle_over, battle_winner, battle_vp),
-- each reading theaters, controllers and cards as a designer's variant would
-- (docs/performance.md: a set with hooks costs at most twice the time of the same games without).
return function(rules)
  rules.turn_end = function(g, p)
    -- a player who holds every theater and has 3 cards in the leftmost gets a supply token there
    local ts = g:theaters()
    for _, t in ipairs(ts) do
      if g:controller(t) ~= p then return end
    end
    if #g:cards{ player = p, theater = ts[1] } >= 3 then g:add_tokens(p, ts[1], 1) end
  end
  rules.battle_over = function(g)
    return g:hand_size(1) + g:hand_size(2) <= 2
  end
  rules.battle_winner = function(g, winner)
    local held = 0
    for _, t in ipairs(g:theaters()) do
      if g:controller(t) == winner then held = held + 1 end
    end
    if held == 0 then return g:opponent(winner) end
    return winner
  end
  rules.battle_vp = function(g, winner, how, cards_left, vp)
    if how == "control" and #g:cards{ player = winner, faceup = true } >= 4 then return vp + 1 end
    return vp
  end
end
