-- Every turn starts by returning one of the player's board cards to their hand: hands never
-- empty, so no battle is ever played out, and players who never withdraw play forever. A game
-- under it once ran until the system killed it; now it stops at the rules' max_actions.
return function(rules)
  rules.turn_start = function(g, p)
    local mine = g:cards{ player = p, uncovered = true }
    if mine[1] then g:return_to_hand(mine[1]) end
  end
end
