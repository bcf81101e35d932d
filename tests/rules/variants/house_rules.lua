-- House rules: scripts/rules/beginner.lua and scripts/rules/long-war.lua.

scenario("beginner: a battle played out scores 1 VP", function()
  local g = setup{ rules = {"beginner"}, hands = { {"heavy_tanks"}, {} } }
  g:deploy("heavy_tanks", "land")
  check_eq(g:last_battle(), { number = 1, winner = 1, vp = 1, reason = "control" })
end)

scenario("beginner: a withdrawal scores 1 VP, whatever the chart says", function()
  local g = setup{ rules = {"beginner"}, hands = { {}, {"ambush"} }, first = 2, turn = 1 }
  g:withdraw()
  check_eq(g:last_battle().vp, 1)
end)

scenario("beginner: first to 3 VP wins", function()
  local g = setup{ rules = {"beginner"}, hands = { {"heavy_tanks"}, {} }, score = {2, 2} }
  g:deploy("heavy_tanks", "land")
  check(g:game_over())
  check_eq(g:winner(), 1)
end)

scenario("long-war: 12 VP does not end the game, 18 does", function()
  local g = setup{ rules = {"long-war"}, hands = { {"heavy_tanks"}, {} }, score = {6, 0} }
  g:deploy("heavy_tanks", "land")
  check(not g:game_over())
  check_eq(g:score(1), 12)
  local h = setup{ rules = {"long-war"}, hands = { {"heavy_tanks"}, {} }, score = {12, 0} }
  h:deploy("heavy_tanks", "land")
  check(h:game_over())
end)

scenario("house rules apply in order; a later one wins", function()
  local g = setup{ rules = {"beginner", "long-war"}, hands = { {"heavy_tanks"}, {} }, score = {3, 0} }
  g:deploy("heavy_tanks", "land")
  check(not g:game_over(), "long-war set the target back to 18")
  check_eq(g:score(1), 4, "beginner's 1 VP a battle still holds")
end)
