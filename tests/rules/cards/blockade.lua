scenario("blockade: destroys a card played to an adjacent theater with 3 cards", function()
  local g = setup{
    hands = { {"blockade", "support"}, {"heavy_tanks"} },
    board = { { land = {"~ambush"} }, { land = {"~cover_fire", "~disrupt"} } },
  }
  g:deploy("blockade", "sea")
  g:deploy("heavy_tanks", "land")
  check_eq(g:stack(2, "land"), {"~cover_fire", "~disrupt"})
  local deck = g:deck()
  check_eq(deck[#deck], "heavy_tanks")
end)

scenario("blockade: a theater not adjacent to it is unaffected", function()
  local g = setup{
    hands = { {"transport"}, {"heavy_bombers"} },
    board = { { sea = {"blockade"}, air = {"~ambush", "~support"} }, { air = {"~disrupt"} } },
    turn = 2,
  }
  g:deploy("heavy_bombers", "air")
  check_eq(g:stack(2, "air"), {"~disrupt", "heavy_bombers"})
end)
