-- A modder's comforts (docs/modding.md, API 4; every API): an unknown name names the nearest
-- known one, a rules table's unknown field lists what there is, and a scenario says which
-- question is pending and what answers it.

scenario("setup names the nearest card for an unknown one", function()
  check_error(function() setup{ hands = { {"heavy_tank"}, {} } } end, "did you mean 'heavy_tanks'")
  check_error(function() setup{ known = { [1] = {"ambsh"} } } end, "did you mean 'ambush'")
end)

scenario("g:choose that is not an answer says which question is pending and lists its answers", function()
  local g = setup{ hands = { {"ambush", "support"}, {"transport"} }, board = { {}, { land = {"~heavy_tanks"} } } }
  g:deploy("ambush", "land")
  check_error(function() g:choose("heavy_tank") end, "'heavy_tank' is not an answer now")
  check_error(function() g:choose("heavy_tank") end, "player 1 answers ambush's card question")
  check_error(function() g:choose("heavy_tank") end, "g:choose one of: ambush, heavy_tanks)")
end)

scenario("playing while a question is pending says so", function()
  local g = setup{ hands = { {"ambush", "support"}, {"transport"} }, board = { {}, { land = {"~heavy_tanks"} } } }
  g:deploy("ambush", "land")
  check_error(function() g:deploy("support", "air") end, "deploy while a question is pending")
  check_error(function() g:withdraw() end, "withdraw while a question is pending")
  check_error(function() g:act("deploy support air") end, "player 1 answers ambush's card question")
  check_eq(g:hand(1), { "support" }, "the game as it was")
end)

scenario("g:choose at a turn lists the legal actions", function()
  local g = setup{ hands = { {"support"}, {"transport"} } }
  check_error(function() g:choose("deploy support land") end, "it is player 1's turn (legal: deploy support air")
end)

scenario("an unknown effect duration names the nearest and lists them", function()
  local g = setup{ cards = "../../sets/comforts", hands = { {"slow", "support"}, {"transport"} } }
  check_error(function() g:deploy("slow", "air") end, "unknown duration 'next_turn_start' (did you mean 'own_next_turn_start'?)")
  check_error(function() g:deploy("slow", "air") end, "own_next_turn_end, { turns = N } or game_end")
end)

scenario("a rules table's unknown field lists its hooks and fields, and points triggers to effects", function()
  check_error(function() setup{ rules = { "../../sets/comforts/rules/battle-end.lua" } } end,
              "unknown field 'battle_end' (did you mean 'battle_vp'?)")
  check_error(function() setup{ rules = { "../../sets/comforts/rules/battle-end.lua" } } end,
              "a rules table's hooks are battle_vp, battle_start, turn_start, turn_end, deal")
  check_error(function() setup{ rules = { "../../sets/comforts/rules/battle-end.lua" } } end,
              "through a lasting effect's triggers (effects)")
end)
