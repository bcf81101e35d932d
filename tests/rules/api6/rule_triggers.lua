-- Card script API 6: triggers in house rules (docs/modding.md, "Card script API 6"). Theater
-- Points: "at a battle's end each player scores 1 VP a theater it controls", a rule whose
-- battle_end trigger scores, with the standard set (house rules work with every set).
local rule = "../../sets/api6/rules/theater_points.lua"  -- from this file's folder

scenario("at the battle's end each player scores 1 VP a theater it controls, then the battle's VP", function()
  local g = setup{ cards = "standard", rules = { rule }, theaters = { "air", "land", "sea" },
                   board = { { air = {"heavy_bombers"}, land = {"heavy_tanks"} }, { sea = {"super_battleship"} } },
                   hands = { {"support"}, {"transport"} } }
  g:withdraw()  -- player 1 withdraws: player 2 wins the battle
  local r = g:last_battle()
  check_eq(r.winner, 2)
  check_eq(g:score(1), 2, "air and land")
  check_eq(g:score(2), 1 + r.vp, "sea, then the battle's VP")
  local log = table.concat(g:messages(1), "\n")
  check(log:find("house rule (when battle_end)", 1, true) ~= nil, log)
end)

scenario("a battle played out: the trigger runs once, whatever the board holds", function()
  local g = setup{ cards = "standard", rules = { rule }, theaters = { "air", "land", "sea" },
                   board = { { air = {"heavy_bombers"} }, { land = {"heavy_tanks"} } },
                   hands = { {"support"}, {"transport"} } }
  g:improvise("support", "sea")
  g:improvise("transport", "air")
  local r = g:last_battle()
  check_eq(r.winner, 1)
  check_eq(g:score(2), 1, "land only")
  check_eq(g:score(1), 2 + r.vp, "air and sea, then the battle")
end)
