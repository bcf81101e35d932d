-- A battle ends after its first turn, and its VP win the game: half of the games end before the
-- 2nd player's first decision (the wrappers skip such games: tests/python/test_wrappers.py).
return {
  vp_target = 1,
  battle_over = function(g)
    return true
  end,
}
