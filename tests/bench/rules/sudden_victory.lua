-- "Sudden victory", the shape of house rule whose hooks' cost docs/performance.md measures: four
-- small hooks, each checking every theater's controller and counting the cards there. A player
-- who controls every theater with at least two cards in each at the end of a turn ends the
-- battle; that player wins it, and scores 2 VP more.
local function sweeping(g)
  for p = 1, 2 do
    local all = true
    for _, t in ipairs(g:theaters()) do
      if g:controller(t) ~= p or #g:cards{ player = p, theater = t } < 2 then all = false end
    end
    if all then return p end
  end
  return nil
end

return {
  turn_end = function(g, player)
    if sweeping(g) == player then g:log("sudden victory in sight for player " .. player) end
  end,
  battle_over = function(g)
    return sweeping(g) ~= nil
  end,
  battle_winner = function(g, winner)
    return sweeping(g) or winner
  end,
  battle_vp = function(g, winner, how, cards_left, vp)
    if how == "control" and sweeping(g) == winner then return vp + 2 end
    return vp
  end,
}
