-- The example variant set docs/examples/supply-lines: supply tokens and a card of our own.
local set = "../../../docs/examples/supply-lines"  -- from this file's folder

scenario("supply_convoy: 2 supply tokens add 2 strength in an adjacent theater", function()
  local g = setup{ cards = set, hands = { {"supply_convoy", "support"}, {"ambush"} } }
  g:deploy("supply_convoy", "sea")
  check_eq(g:decision().options, {"land"})
  g:choose("land")
  check_eq(g:tokens(1, "land"), 2)
  check_eq(g:strength(1, "land"), 2)
  check_eq(g:controller("land"), 1)
end)

scenario("supply_convoy: tokens are cleared for the next battle", function()
  local g = setup{ cards = set, hands = { {"supply_convoy", "support"}, {"sea_maneuver", "heavy_tanks"} },
                   theaters = {"air", "sea", "land"} }
  g:deploy("supply_convoy", "sea")
  g:choose("land")
  g:withdraw()
  check_eq(g:tokens(1, "land"), 0)
end)

scenario("sabotage: may destroy an uncovered facedown card in an adjacent theater", function()
  local g = setup{
    cards = set,
    hands = { {"sabotage", "support"}, {"ambush"} },
    board = { {}, { land = {"~heavy_tanks"}, sea = {"~transport"} } },
  }
  g:deploy("sabotage", "air")
  check_eq(g:decision().options, {"heavy_tanks", "none"})
  g:choose("heavy_tanks")
  check_eq(g:stack(2, "land"), {})
  local deck = g:deck()
  check_eq(deck[#deck], "heavy_tanks")
end)

scenario("sabotage: faceup cards are safe", function()
  local g = setup{ cards = set, hands = { {"sabotage"}, {"ambush"} }, board = { {}, { land = {"heavy_tanks"} } } }
  g:deploy("sabotage", "air")
  check_eq(g:decision().kind, "turn")
end)
