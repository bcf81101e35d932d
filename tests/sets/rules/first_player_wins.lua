-- A battle played out goes to its 1st player, whatever the theaters say: a variant in which
-- playing well matters little (als compare --skill measures it: tests/cli/compare2_test.sh).
return {
  battle_winner = function(g, winner)
    return g:first()
  end,
}
