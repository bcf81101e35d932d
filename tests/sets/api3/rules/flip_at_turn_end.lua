-- At the end of each turn the player whose turn it was flips their first facedown card.
return function(rules)
  rules.turn_end = function(g, p)
    local down = g:cards{ player = p, facedown = true }
    if down[1] then g:flip(down[1]) end
  end
end
