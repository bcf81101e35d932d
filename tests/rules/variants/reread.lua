-- A hook that reads strengths and control after changing the game sees the change: the binding
-- keeps the totals it read only while nothing can change them (docs/performance.md, "House-rule
-- hooks"). The rule is tests/sets/rules/reread.lua.
local rule = "../../sets/rules/reread.lua"  -- from this file's folder

scenario("turn_end reads land, flips a card there and reads it again: the second read sees the flip", function()
  local g = setup{ rules = { rule }, hands = { {"support"}, {"heavy_bombers"} },
                   board = { [1] = { land = {"heavy_tanks"} }, [2] = { land = {"disrupt"} } } }
  g:improvise("support", "sea")
  local log = table.concat(g:messages(1), "\n")
  check(log:find("turn_end: before 6/1, after 2/2", 1, true), log)
  check_eq(g:strength(1, "land"), 2)
  check_eq(g:controller("land"), 2)
  check_eq(g:to_act(), 2, "battle_over read the same totals twice and let the battle go on")
end)

scenario("a strength function in play: each read is computed as asked, and still sees the flip", function()
  -- booster (tests/sets/api3: land 1, its strength function adds its owner's counter "boost")
  -- on top of heavy_tanks: 6 + (1 + 3) before its flip, 6 + 2 once facedown
  local g = setup{ cards = "../../sets/api3", rules = { rule }, hands = { {"support"}, {"heavy_bombers"} },
                   board = { [1] = { land = {"heavy_tanks", "booster"} }, [2] = { land = {"disrupt"} } },
                   counters = { [1] = { boost = 3 } } }
  g:improvise("support", "sea")
  local log = table.concat(g:messages(1), "\n")
  check(log:find("turn_end: before 10/1, after 8/1", 1, true), log)
end)
