-- Card script API 5: losing VP (g:lose_vp; docs/modding.md, "Card script API 5").
local set = "../../sets/api5"  -- from this file's folder

scenario("g:lose_vp takes VP away and returns how many were lost", function()
  local g = setup{ cards = set, score = {1, 5}, hands = { {"tribute"}, {"heavy_tanks"} } }
  g:deploy("tribute", "land")
  check_eq(g:score(2), 3, "player 2 lost 2")
  check_eq(g:score(1), 3, "player 1 gained what was lost")
  local lines = table.concat(g:messages(2), "\n")
  check(lines:find("player 2 loses 2 VP, score 1%-3 %(by tribute%)") ~= nil, "the loss is shown like a gain: " .. lines)
end)

scenario("g:lose_vp never takes a score below 0", function()
  local g = setup{ cards = set, score = {0, 1}, hands = { {"tribute"}, {"heavy_tanks"} } }
  g:deploy("tribute", "land")
  check_eq(g:score(2), 0)
  check_eq(g:score(1), 1, "only the 1 VP lost was gained")
  local h = setup{ cards = set, score = {0, 0}, hands = { {"tribute"}, {"heavy_tanks"} } }
  h:deploy("tribute", "land")
  check_eq(h:score(1), 0, "nothing lost, nothing gained")
  check_eq(h:score(2), 0)
end)

scenario("g:lose_vp's refusals: n from 0 to 10000, a player 1 or 2", function()
  local function try(others, want)
    local hand = { "bad_loss" }
    for i = 1, others do hand[#hand + 1] = ({ "support", "heavy_tanks" })[i] end
    local g = setup{ cards = "../../sets/api5_refusals", score = {3, 3}, hands = { hand, {"ambush"} } }
    check_error(function() g:deploy("bad_loss", "air") end, want)
    check_eq(g:hand(1), hand, "the game as it was")
    check_eq(g:score(1), 3)
  end
  try(0, "VP lost must be between 0 and 10000")
  try(1, "VP lost must be between 0 and 10000")
  try(2, "card bad_loss (")
end)

scenario("a card of a set declaring a lower api may not call a later API's verbs", function()
  local low = "../../sets/api_low"
  local g = setup{ cards = low, hands = { {"overreach"}, {"ambush"} } }
  check_error(function() g:deploy("overreach", "air") end, "g:lose_vp needs api = 5 in set.lua (set api_low declares api = 3; card overreach)")
  check_eq(g:hand(1), {"overreach"}, "the game as it was")
  local h = setup{ cards = low, hands = { {"overreach", "support"}, {"ambush"} } }
  check_error(function() h:deploy("overreach", "air") end, "g:turn_number needs api = 4 in set.lua")
end)

scenario("a house rule may use every API's verbs with a set of any api", function()
  local g = setup{ cards = "../../sets/api_low", rules = { "../../sets/api_low/rules/toll.lua" }, score = {2, 2},
                   hands = { {"support", "heavy_tanks"}, {"ambush", "disrupt"} } }
  g:deploy("support", "air")
  check_eq(g:score(2), 1, "player 2's turn began: the toll took 1 VP")
  g:improvise("ambush", "land")
  check_eq(g:score(1), 1)
end)

scenario("an unknown field of an event is an error naming the nearest (every API); a known one absent is nil", function()
  local g = setup{ cards = "../../sets/api5_refusals", hands = { {"support"}, {"heavy_tanks"} },
                   board = { { land = {"slip"} }, {} } }
  check_error(function() g:deploy("support", "air") end,
              "e.cuase is not a field of a 'played' event (did you mean 'cause'?) (its fields: card, player, theater, face, cause)")
  check_eq(g:hand(1), {"support"}, "the game as it was")
end)
