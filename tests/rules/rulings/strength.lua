-- Rulings 6-10: strength and ongoing abilities.

scenario("ruling 6: a faceup card has its printed strength, a facedown card 2", function()
  local g = setup{ board = { { land = {"heavy_tanks", "~super_battleship"} }, {} } }
  check_eq(g:card_strength("heavy_tanks"), 6)
  check_eq(g:card_strength("super_battleship"), 2)
  check_eq(g:strength(1, "land"), 8)
end)

scenario("ruling 6: Escalation makes its owner's facedown cards 4, not the opponent's", function()
  local g = setup{ board = { { sea = {"escalation"}, air = {"~heavy_tanks"} }, { air = {"~ambush"} } } }
  check_eq(g:card_strength("heavy_tanks"), 4)
  check_eq(g:card_strength("ambush"), 2)
end)

scenario("ruling 7: Cover Fire makes every card below it exactly 4, lowering a 6", function()
  local g = setup{ board = { { land = {"heavy_tanks", "~ambush", "cover_fire"} }, {} } }
  check_eq(g:card_strength("heavy_tanks"), 4)
  check_eq(g:card_strength("ambush"), 4)
  check_eq(g:card_strength("cover_fire"), 4)
  check_eq(g:strength(1, "land"), 12)
end)

scenario("ruling 7: cards above Cover Fire are not affected", function()
  local g = setup{ board = { { land = {"cover_fire", "heavy_tanks"} }, {} } }
  check_eq(g:card_strength("heavy_tanks"), 6)
end)

scenario("ruling 7: Cover Fire covered by another card still works", function()
  local g = setup{ board = { { land = {"~reinforce", "cover_fire", "heavy_tanks"} }, {} } }
  check_eq(g:card_strength("reinforce"), 4)
end)

scenario("ruling 7: Cover Fire does not reach the opponent's cards", function()
  local g = setup{ board = { { land = {"cover_fire"} }, { land = {"~ambush"} } } }
  check_eq(g:card_strength("ambush"), 2)
end)

scenario("ruling 7: a moved Cover Fire covers the cards in its new theater", function()
  local g = setup{
    hands = { {"transport"}, {"ambush"} },
    board = { { land = {"cover_fire"}, sea = {"~heavy_tanks"}, air = {"~disrupt"} }, {} },
  }
  g:deploy("transport", "sea")
  g:choose("cover_fire")
  g:choose("air")
  check_eq(g:stack(1, "air"), {"~disrupt", "cover_fire"})
  check_eq(g:card_strength("disrupt"), 4)
  check_eq(g:card_strength("heavy_tanks"), 2, "no longer covered by Cover Fire")
end)

scenario("ruling 8: Escalation and Cover Fire do not stack on a covered facedown card", function()
  local g = setup{ board = { { land = {"~ambush", "cover_fire"}, sea = {"escalation"} }, {} } }
  check_eq(g:card_strength("ambush"), 4)
  check_eq(g:strength(1, "land"), 8)
end)

scenario("ruling 9: Support adds 3 in each adjacent theater, even with no card there", function()
  local g = setup{ board = { { air = {"support"} }, {} } }
  check_eq(g:strength(1, "land"), 3)
  check_eq(g:strength(1, "sea"), 0, "sea is not adjacent to air")
  check_eq(g:strength(1, "air"), 1)
end)

scenario("ruling 9: Support in the middle boosts both ends", function()
  local g = setup{ theaters = {"land", "air", "sea"}, board = { { air = {"support"} }, {} } }
  check_eq(g:strength(1, "land"), 3)
  check_eq(g:strength(1, "sea"), 3)
end)

scenario("ruling 9: Cover Fire does not change Support's bonus", function()
  local g = setup{
    theaters = {"air", "land", "sea"},
    board = { { land = {"~heavy_tanks", "cover_fire"}, air = {"support"} }, {} },
  }
  check_eq(g:strength(1, "land"), 4 + 4 + 3)
end)

scenario("ruling 10: an ongoing ability works while covered", function()
  local g = setup{ board = { { sea = {"escalation", "super_battleship"}, air = {"~ambush"} }, {} } }
  check_eq(g:card_strength("ambush"), 4)
end)

scenario("ruling 10: an ongoing ability stops when its card is flipped facedown", function()
  local g = setup{
    hands = { {"land_maneuver"}, {"transport"} },
    board = { { air = {"~heavy_tanks"} }, { sea = {"escalation"}, air = {"~ambush"} } },
  }
  check_eq(g:card_strength("ambush"), 4)
  g:deploy("land_maneuver", "land")
  g:choose("escalation")
  check_eq(g:stack(2, "sea"), {"~escalation"})
  check_eq(g:card_strength("ambush"), 2)
  check_eq(g:card_strength("escalation"), 2)
end)
