-- Card script API 6: effects that end when used (docs/modding.md, "Card script API 6").
-- Sabotage Orders: "The next card your opponent plays in this theater this battle must be played
-- facedown": its effect waits for that play and ends itself with g:end_effect(data.id).
local set = "../../sets/api6"  -- from this file's folder
local function legal(g, text)
  for _, a in ipairs(g:legal()) do if a == text then return true end end
  return false
end
local function game()
  return setup{ cards = set, hands = { {"sabotage_orders", "support", "air_drop"}, {"heavy_tanks", "cover_fire", "super_battleship"} } }
end

scenario("the opponent's next play there must be facedown; then the effect ends and says so", function()
  local g = game()
  g:deploy("sabotage_orders", "land")
  check_eq(g:view(2).effects, { "sabotage of sabotage_orders (until the end of the battle)" })
  check_error(function() g:deploy("heavy_tanks", "land") end, "illegal")
  check(not legal(g, "deploy heavy_tanks land"), "no faceup play there")
  check(legal(g, "improvise cover_fire land"), "facedown is allowed")
  g:improvise("cover_fire", "land")
  check_eq(g:view(1).effects, {}, "ended when used: no view shows it")
  check_eq(g:view(2).effects, {})
  local mine = table.concat(g:messages(1), "\n")
  check(mine:find("effect sabotage of sabotage_orders ends", 1, true) ~= nil, mine)
  g:deploy("support", "air")
  g:deploy("heavy_tanks", "land")  -- the next play there: faceup again
  check_eq(g:stack(2, "land"), {"~cover_fire", "heavy_tanks"})
end)

scenario("plays elsewhere and its owner's own plays do not use it up", function()
  local g = game()
  g:deploy("sabotage_orders", "land")
  g:deploy("super_battleship", "sea")  -- the opponent's play in another theater
  g:improvise("support", "land")  -- its owner's own play there
  check_eq(g:view(1).effects, { "sabotage of sabotage_orders (until the end of the battle)" }, "still waiting")
  check_eq(g:to_act(), 2)
  check(not legal(g, "deploy heavy_tanks land") and legal(g, "improvise heavy_tanks land"))
end)

scenario("g:effect returns the id its functions read as data.id; g:end_effect of an ended id is false", function()
  local g = setup{ cards = set, hands = { {"support"}, {"heavy_tanks"} },
                   effects = { { name = "sabotage", owner = "sabotage_orders", ["until"] = "battle_end",
                                 data = { where = "land", player = 1 } } } }
  g:deploy("support", "air")
  check(not legal(g, "deploy heavy_tanks land"), "the effect set up acts")
  g:improvise("heavy_tanks", "land")
  check_eq(g:view(1).effects, {}, "ended by its own trigger")
end)

scenario("g:end_effect ends the effect of that id only, once; data.id is the id g:effect returned", function()
  local g = setup{ cards = set, hands = { {"field_order", "support"}, {"heavy_tanks"} } }
  g:deploy("field_order", "sea")
  local log = table.concat(g:messages(1), "\n")
  check(log:find("ids differ: true; ended: true; again: false", 1, true) ~= nil, log)
  local left = log:match("left: (%d+)")
  check_eq(g:view(1).effects, { "mark of field_order (until the end of the battle)" }, "one mark lasts")
  g:improvise("heavy_tanks", "land")
  local after = table.concat(g:messages(2), "\n")
  local seen = {}
  for id in after:gmatch("mark (%d+) sees") do seen[#seen + 1] = id end
  check_eq(seen, { left }, "only the mark left sees the play, by its id: " .. after)
end)
