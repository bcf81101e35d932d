-- A battle ends, "overrun", once player 1 has two cards in land.
return function(rules)
  rules.battle_over = function(g)
    if #g:cards{ player = 1, theater = "land" } >= 2 then return "overrun" end
    return false
  end
end
