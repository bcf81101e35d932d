-- docs/examples/four-fronts.lua: the number of theaters comes from the rules.
local four = "../../../docs/examples/four-fronts.lua"  -- from this file's folder

scenario("four fronts: a game is dealt on four theaters", function()
  local g = new_game{ rules = {four}, seed = 5 }
  check_eq(#g:theaters(), 4)
  check_eq(#g:hand(1), 6)
end)

scenario("four fronts: nothing deploys to space, anything improvises there", function()
  local g = setup{ rules = {four}, theaters = {"air", "land", "sea", "space"}, hands = { {"heavy_tanks"}, {"ambush"} } }
  check_error(function() g:deploy("heavy_tanks", "space") end, "illegal:")
  g:improvise("heavy_tanks", "space")
  check_eq(g:stack(1, "space"), {"~heavy_tanks"})
end)

scenario("four fronts: sea is now in the middle, adjacent to space", function()
  local g = setup{ rules = {four}, theaters = {"air", "land", "sea", "space"},
                   hands = { {"sea_maneuver"}, {"ambush"} },
                   board = { {}, { space = {"~heavy_tanks"}, air = {"heavy_bombers"} } } }
  g:deploy("sea_maneuver", "sea")
  check_eq(g:decision().options, {"heavy_tanks"})
end)

scenario("four fronts: a 2-2 battle goes to the 1st player", function()
  local g = setup{ rules = {four}, theaters = {"air", "land", "sea", "space"}, first = 2, turn = 1,
                   hands = { {"heavy_bombers"}, {} },
                   board = { { land = {"heavy_tanks"} }, { sea = {"super_battleship"}, space = {"~ambush"} } } }
  g:deploy("heavy_bombers", "air")
  check_eq(g:last_battle(), { number = 1, winner = 2, vp = 6, reason = "control" })
end)

scenario("four fronts: the rightmost of four theaters moves to the far left", function()
  local g = setup{ rules = {four}, theaters = {"air", "land", "sea", "space"}, hands = { {"heavy_tanks"}, {"ambush"} } }
  g:withdraw()
  check_eq(g:theaters(), {"space", "air", "land", "sea"})
end)
