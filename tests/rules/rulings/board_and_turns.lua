-- Rulings 1-5: board and turns (docs/rulings.md).

scenario("ruling 1: the ends are adjacent to the middle, not to each other", function()
  local g = setup{
    hands = { {"air_maneuver"}, {"ambush"} },
    board = { {}, { land = {"heavy_tanks"}, sea = {"super_battleship"} } },
  }
  g:deploy("air_maneuver", "air")
  check_eq(g:decision().options, {"heavy_tanks"}, "air (left end) reaches land only")
end)

scenario("ruling 1: the middle theater is adjacent to both ends", function()
  local g = setup{
    hands = { {"land_maneuver"}, {"ambush"} },
    board = { {}, { air = {"heavy_bombers"}, sea = {"super_battleship"} } },
  }
  g:deploy("land_maneuver", "land")
  check_eq(g:decision().options, {"heavy_bombers", "super_battleship"})
end)

scenario("ruling 1: adjacency follows the order of the theaters, not their names", function()
  local g = setup{
    theaters = {"sea", "air", "land"},
    hands = { {"air_maneuver"}, {"ambush"} },
    board = { {}, { land = {"heavy_tanks"}, sea = {"super_battleship"} } },
  }
  g:deploy("air_maneuver", "air")
  check_eq(g:decision().options, {"heavy_tanks", "super_battleship"}, "air is in the middle here")
end)

scenario("ruling 2: the same seed deals the same battle", function()
  local a, b = new_game{ seed = 42 }, new_game{ seed = 42 }
  check_eq(a:theaters(), b:theaters())
  check_eq(a:first(), b:first())
  check_eq(a:hand(1), b:hand(1))
  check_eq(a:hand(2), b:hand(2))
  check_eq(a:deck(), b:deck())
  check_eq(#a:hand(1), 6)
  check_eq(#a:hand(2), 6)
  check_eq(#a:deck(), 6)
end)

scenario("ruling 2: the seed decides theater order and the 1st player", function()
  local orders, firsts = {}, {}
  for seed = 1, 40 do
    local g = new_game{ seed = seed }
    orders[table.concat(g:theaters(), " ")] = true
    firsts[g:first()] = true
    check_eq(g:to_act(), g:first(), "the 1st player takes the first turn")
  end
  local n = 0
  for _ in pairs(orders) do n = n + 1 end
  check_eq(n, 6, "all six theater orders occur")
  check(firsts[1] and firsts[2], "either player can be 1st")
end)

scenario("ruling 2: between battles theaters rotate, commanders swap, cards are redealt", function()
  local g = setup{ theaters = {"air", "land", "sea"}, first = 1,
                   hands = { {"heavy_tanks", "support"}, {"ambush"} } }
  g:withdraw()
  check_eq(g:battle(), 2)
  check_eq(g:theaters(), {"sea", "air", "land"}, "the rightmost theater moves to the far left")
  check_eq(g:first(), 2, "Supreme Commanders are exchanged")
  check_eq(g:to_act(), 2)
  check_eq(#g:hand(1), 6)
  check_eq(#g:hand(2), 6)
  check_eq(#g:deck(), 6)
  for _, t in ipairs(g:theaters()) do
    check_eq(g:stack(1, t), {})
    check_eq(g:stack(2, t), {})
  end
end)

scenario("ruling 3: a turn is one action, then the other player acts", function()
  local g = setup{ hands = { {"heavy_tanks", "support"}, {"ambush", "transport"} } }
  g:deploy("heavy_tanks", "land")
  check_eq(g:to_act(), 2)
  check_eq(g:decision().kind, "turn")
end)

scenario("ruling 3: deploy goes to the matching theater only; improvise anywhere", function()
  local g = setup{ hands = { {"heavy_tanks"}, {"ambush"} } }
  check_eq(g:legal(), {"deploy heavy_tanks land", "improvise heavy_tanks air", "improvise heavy_tanks land",
                       "improvise heavy_tanks sea", "withdraw"})
  check_error(function() g:deploy("heavy_tanks", "air") end, "illegal:")
end)

scenario("ruling 3: withdraw is never an answer to a decision", function()
  local g = setup{ hands = { {"ambush"}, {"transport"} }, board = { {}, { sea = {"~heavy_tanks"} } } }
  g:deploy("ambush", "land")
  check_eq(g:decision().kind, "card")
  for _, a in ipairs(g:legal()) do check(a ~= "withdraw", "withdraw offered at a decision") end
  check_error(function() g:withdraw() end, "illegal:")
end)

scenario("ruling 4: a player with an empty hand is skipped", function()
  local g = setup{ hands = { {"heavy_tanks", "support"}, {} }, board = { {}, { sea = {"transport"} } } }
  g:deploy("heavy_tanks", "land")
  check_eq(g:to_act(), 1, "player 2 has no cards and is skipped")
  check_eq(g:battle(), 1)
end)

scenario("ruling 4: the battle ends when both hands are empty", function()
  local g = setup{ hands = { {"heavy_tanks"}, {} }, board = { {}, { sea = {"transport"} } } }
  g:deploy("heavy_tanks", "land")
  check_eq(g:last_battle(), { number = 1, winner = 1, vp = 6, reason = "control" })
  check_eq(g:battle(), 2)
end)

scenario("ruling 4: a scenario's player to act with an empty hand may only withdraw", function()
  local g = setup{ hands = { {}, {"ambush"} } }
  check_eq(g:legal(), {"withdraw"})
end)

scenario("ruling 5: strictly higher strength controls a theater", function()
  local g = setup{ first = 1, board = { { land = {"~ambush"} }, { land = {"heavy_tanks"} } } }
  check_eq(g:controller("land"), 2)
end)

scenario("ruling 5: a tie goes to the 1st player", function()
  local g = setup{ first = 2, board = { { land = {"ambush"} }, { land = {"~heavy_tanks"} } } }
  check_eq(g:strength(1, "land"), g:strength(2, "land"))
  check_eq(g:controller("land"), 2)
end)

scenario("ruling 5: an empty theater is a 0-0 tie for the 1st player", function()
  local g = setup{ first = 2 }
  check_eq(g:controller("air"), 2)
  check_eq(g:controller("sea"), 2)
end)

scenario("ruling 5: Support next to an empty theater controls it", function()
  local g = setup{ first = 2, board = { { air = {"support"} }, {} } }
  check_eq(g:strength(1, "land"), 3)
  check_eq(g:controller("land"), 1)
end)

scenario("ruling 5: most theaters controlled wins the battle", function()
  local g = setup{
    first = 1,
    hands = { {"heavy_bombers"}, {} },
    board = { { land = {"~ambush"} }, { land = {"heavy_tanks"}, sea = {"super_battleship"} } },
  }
  g:deploy("heavy_bombers", "air")
  check_eq(g:last_battle(), { number = 1, winner = 2, vp = 6, reason = "control" })
end)
