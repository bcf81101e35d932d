-- A house rule that names a fresh counter on every call (issue 36): at each turn's end it reads
-- one counter never set and sets and clears another, both named by the turn and a number from
-- the game's generator, so every game names about a hundred counters no other game names. A
-- game's names live as long as the game: 100,000 games of it play with no failed game.
return function(rules)
  rules.turn_end = function(g, p)
    local tag = g:turn_number() .. "_" .. math.random(1, 999999999)
    g:counter(p, "read_" .. tag)
    g:set_counter(p, "n_" .. tag, 1)
    g:set_counter(p, "n_" .. tag, 0)
  end
end
