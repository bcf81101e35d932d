-- A refused play says why and lists the card's legal plays (docs/scenarios.md, "The game object"):
-- a faceup play outside the card's theater, a may_play function, a card not in the hand.
local set = "../../sets/api6"  -- from this file's folder
local function theaters() return { "air", "land", "sea" } end

scenario("a faceup play outside the card's theater: its type, and the card's legal plays", function()
  local g = setup{ theaters = theaters(), hands = { {"heavy_tanks", "support"}, {"transport"} } }
  check_error(function() g:deploy("heavy_tanks", "air") end, "heavy_tanks is of type land: faceup only there")
  check_error(function() g:act("deploy heavy_tanks air") end, "its legal plays: improvise heavy_tanks air, deploy heavy_tanks land")
end)

scenario("a may_play function's refusal says so", function()
  local g = setup{ cards = set, theaters = theaters(), turn = 2,
                   hands = { {"support"}, {"heavy_tanks", "cover_fire"} },
                   effects = { { name = "sabotage", owner = "sabotage_orders", data = { where = "land", player = 1 } } } }
  check_error(function() g:deploy("heavy_tanks", "land") end, "a may_play function")
  check_error(function() g:deploy("heavy_tanks", "land") end, "improvise heavy_tanks land")
end)

scenario("a card not in the hand of the player to act", function()
  local g = setup{ theaters = theaters(), hands = { {"support"}, {"transport"} } }
  check_error(function() g:act("improvise transport sea") end, "not in the hand of player 1, whose turn it is")
end)
