-- Rulings 15-26: what each kind of ability may do.

scenario("ruling 15: a flip may target either player's card", function()
  local g = setup{
    hands = { {"land_maneuver"}, {"transport"} },
    board = { { air = {"heavy_bombers"} }, { sea = {"super_battleship"} } },
  }
  g:deploy("land_maneuver", "land")
  check_eq(g:decision().options, {"heavy_bombers", "super_battleship"})
end)

scenario("ruling 15: Maneuver cannot target itself, Ambush can", function()
  local g = setup{ hands = { {"land_maneuver", "ambush"}, {"transport", "heavy_tanks"} } }
  g:deploy("land_maneuver", "land")
  check_eq(g:decision().kind, "turn", "Maneuver's own theater is not adjacent")
  g:deploy("heavy_tanks", "land")
  g:deploy("ambush", "land")
  check_eq(g:decision().options, {"ambush", "heavy_tanks"})
  g:choose("ambush")
  check_eq(g:stack(1, "land"), {"land_maneuver", "~ambush"})
end)

scenario("ruling 16: Maneuver must flip when a target exists", function()
  local g = setup{ hands = { {"sea_maneuver"}, {"ambush"} }, board = { { land = {"heavy_tanks"} }, {} } }
  g:deploy("sea_maneuver", "sea")
  check_eq(g:decision().options, {"heavy_tanks"})
  g:choose("heavy_tanks")
  check_eq(g:stack(1, "land"), {"~heavy_tanks"})
end)

scenario("ruling 17: a card played by an ability follows the normal rules", function()
  local g = setup{
    hands = { {"redeploy"}, {"ambush"} },
    board = { { air = {"~heavy_tanks"} }, {} },
  }
  g:deploy("redeploy", "sea")
  g:choose("heavy_tanks")
  local d = g:decision()
  check_eq(d.kind, "play")
  check_eq(d.options, {"deploy heavy_tanks land", "improvise heavy_tanks air", "improvise heavy_tanks land",
                       "improvise heavy_tanks sea"}, "faceup only to the matching theater")
  check_error(function() g:deploy("heavy_tanks", "air") end, "illegal:")
  g:deploy("heavy_tanks", "land")
  check_eq(g:stack(1, "land"), {"heavy_tanks"})
end)

scenario("ruling 17: an ability's play triggers Containment", function()
  local g = setup{
    hands = { {"redeploy"}, {"ambush"} },
    board = { { air = {"~heavy_tanks"} }, { air = {"containment"} } },
  }
  g:deploy("redeploy", "sea")
  g:choose("heavy_tanks")
  g:improvise("heavy_tanks", "land")
  check_eq(g:stack(1, "land"), {})
  local deck = g:deck()
  check_eq(deck[#deck], "heavy_tanks")
end)

scenario("ruling 17: an ability's play uses Air Drop's permission", function()
  local g = setup{
    hands = { {"air_drop", "redeploy"}, {"ambush", "transport"} },
    board = { { land = {"~heavy_tanks"} }, {} },
  }
  g:deploy("air_drop", "air")
  g:deploy("ambush", "land")
  g:choose("ambush")
  g:deploy("redeploy", "air")  -- the next play: to a non-matching theater
  check_eq(g:stack(1, "air"), {"air_drop", "redeploy"})
  g:choose("heavy_tanks")
  check_eq(g:decision().options, {"deploy heavy_tanks land", "improvise heavy_tanks air",
                                  "improvise heavy_tanks land", "improvise heavy_tanks sea"},
           "the permission was used up by Redeploy's own play")
end)

scenario("ruling 18: a destroyed card goes facedown to the bottom of the deck", function()
  local g = setup{
    hands = { {"heavy_tanks"}, {"ambush"} },
    board = { { air = {"containment"} }, {} },
    deck = { "support", "transport" },
  }
  g:improvise("heavy_tanks", "sea")
  check_eq(g:deck(), {"support", "transport", "heavy_tanks"})
  check_eq(g:stack(1, "sea"), {})
end)

scenario("ruling 18: a card destroyed as it is played never uses its ability", function()
  local g = setup{
    hands = { {"ambush"}, {"transport"} },
    board = { { sea = {"blockade"}, land = {"heavy_tanks", "~support"} }, { land = {"~cover_fire"} } },
  }
  g:deploy("ambush", "land")
  check_eq(g:stack(1, "land"), {"heavy_tanks", "~support"})
  check_eq(g:decision().kind, "turn", "Ambush asked nothing")
  check_eq(g:to_act(), 2)
end)

scenario("ruling 19: Blockade counts both players' cards", function()
  local g = setup{
    hands = { {"transport"}, {"heavy_tanks"} },
    board = { { sea = {"blockade"}, land = {"~ambush"} }, { land = {"~cover_fire", "~disrupt"} } },
    turn = 2,
  }
  g:deploy("heavy_tanks", "land")
  check_eq(g:stack(2, "land"), {"~cover_fire", "~disrupt"}, "3 cards already there: destroyed")
end)

scenario("ruling 19: Blockade spares a theater holding only 2 other cards", function()
  local g = setup{
    hands = { {"transport"}, {"heavy_tanks"} },
    board = { { sea = {"blockade"}, land = {"~ambush"} }, { land = {"~cover_fire"} } },
    turn = 2,
  }
  g:deploy("heavy_tanks", "land")
  check_eq(g:stack(2, "land"), {"~cover_fire", "heavy_tanks"})
end)

scenario("ruling 19: Blockade destroys its owner's own facedown plays too", function()
  local g = setup{
    hands = { {"heavy_tanks"}, {"transport"} },
    board = { { sea = {"blockade"}, land = {"~ambush", "~support", "~disrupt"} }, {} },
  }
  g:improvise("heavy_tanks", "land")
  check_eq(g:stack(1, "land"), {"~ambush", "~support", "~disrupt"})
end)

scenario("ruling 19: Blockade's own theater is never affected", function()
  local g = setup{
    hands = { {"super_battleship"}, {"ambush"} },
    board = { { sea = {"blockade", "~transport"} }, { sea = {"~escalation", "~redeploy"} } },
  }
  g:deploy("super_battleship", "sea")
  check_eq(g:stack(1, "sea"), {"blockade", "~transport", "super_battleship"})
end)

scenario("ruling 19: Blockade ignores moves", function()
  local g = setup{
    hands = { {"transport"}, {"ambush"} },
    board = { { sea = {"blockade"}, air = {"heavy_bombers"}, land = {"~support"} },
              { land = {"~cover_fire", "~disrupt"} } },
  }
  g:deploy("transport", "sea")
  g:choose("heavy_bombers")
  g:choose("land")
  check_eq(g:stack(1, "land"), {"~support", "heavy_bombers"})
end)

scenario("ruling 20: Containment destroys its owner's own facedown plays", function()
  local g = setup{ hands = { {"heavy_tanks"}, {"ambush"} }, board = { { air = {"containment"} }, {} } }
  g:improvise("heavy_tanks", "land")
  check_eq(g:stack(1, "land"), {})
end)

scenario("ruling 20: Containment destroys the card Reinforce plays", function()
  local g = setup{
    hands = { {"reinforce"}, {"ambush"} },
    board = { {}, { air = {"containment"} } },
    deck = { "heavy_tanks", "support" },
  }
  g:deploy("reinforce", "land")
  g:choose("sea")
  check_eq(g:stack(1, "sea"), {})
  check_eq(g:deck(), {"support", "heavy_tanks"})
end)

scenario("ruling 20: flipping a card facedown is not a play", function()
  local g = setup{
    hands = { {"land_maneuver"}, {"transport"} },
    board = { { air = {"containment"} }, { sea = {"super_battleship"} } },
  }
  g:deploy("land_maneuver", "land")
  g:choose("super_battleship")
  check_eq(g:stack(2, "sea"), {"~super_battleship"})
end)

scenario("ruling 20: a faceup play is not affected by Containment", function()
  local g = setup{ hands = { {"heavy_tanks"}, {"ambush"} }, board = { {}, { air = {"containment"} } } }
  g:deploy("heavy_tanks", "land")
  check_eq(g:stack(1, "land"), {"heavy_tanks"})
end)

scenario("ruling 21: Air Drop's permission lets the next play go anywhere", function()
  local g = setup{ hands = { {"air_drop", "heavy_tanks"}, {"ambush", "transport"} } }
  g:deploy("air_drop", "air")
  g:improvise("transport", "sea")
  check(#g:legal() > 0)
  local found = false
  for _, a in ipairs(g:legal()) do found = found or a == "deploy heavy_tanks sea" end
  check(found, "heavy_tanks may be deployed to sea")
  g:deploy("heavy_tanks", "sea")
  check_eq(g:stack(1, "sea"), {"heavy_tanks"})
end)

scenario("ruling 21: an improvise uses the permission up", function()
  local g = setup{ hands = { {"air_drop", "heavy_tanks", "support"}, {"ambush", "transport"} } }
  g:deploy("air_drop", "air")
  g:improvise("transport", "sea")
  g:improvise("support", "land")
  g:improvise("ambush", "land")
  check_error(function() g:deploy("heavy_tanks", "sea") end, "illegal:")
end)

scenario("ruling 21: flipping Air Drop facedown does not cancel the permission", function()
  local g = setup{
    hands = { {"air_drop", "heavy_tanks"}, {"land_maneuver", "transport"} },
  }
  g:deploy("air_drop", "air")
  g:deploy("land_maneuver", "land")
  g:choose("air_drop")
  check_eq(g:stack(1, "air"), {"~air_drop"})
  g:deploy("heavy_tanks", "sea")
  check_eq(g:stack(1, "sea"), {"heavy_tanks"})
end)

scenario("ruling 22: Aerodrome lets its owner deploy strength 3 or less anywhere", function()
  local g = setup{
    hands = { {"ambush", "heavy_tanks"}, {"transport"} },
    board = { { air = {"aerodrome"} }, {} },
  }
  local legal = table.concat(g:legal(), ",")
  check(legal:find("deploy ambush sea", 1, true), "strength 2 may go to sea")
  check(not legal:find("deploy heavy_tanks sea", 1, true), "strength 6 may not")
end)

scenario("ruling 22: Aerodrome helps its owner only", function()
  local g = setup{ hands = { {"heavy_tanks"}, {"ambush"} }, board = { { air = {"aerodrome"} }, {} }, turn = 2 }
  check_error(function() g:deploy("ambush", "sea") end, "illegal:")
end)

scenario("ruling 22: Aerodrome stops when flipped facedown", function()
  local g = setup{ hands = { {"ambush"}, {"transport"} }, board = { { air = {"~aerodrome"} }, {} } }
  check_error(function() g:deploy("ambush", "sea") end, "illegal:")
end)

scenario("ruling 23: Reinforce is mandatory and holds the drawn card", function()
  local g = setup{
    hands = { {"reinforce"}, {"ambush"} },
    deck = { "heavy_tanks", "support" },
  }
  g:deploy("reinforce", "land")
  local d = g:decision()
  check_eq(d, { player = 1, kind = "theater", options = {"air", "sea"}, card = "heavy_tanks" })
  check_eq(g:deck(), {"support"}, "the drawn card is not in the deck")
  check_eq(g:hand(1), {}, "nor in a hand")
  check_eq(g:view(1).held, "heavy_tanks", "its owner sees it")
  check_eq(g:view(2).held, nil, "the opponent does not")
  g:choose("air")
  check_eq(g:stack(1, "air"), {"~heavy_tanks"})
end)

scenario("ruling 23: Reinforce with an empty deck does nothing", function()
  local g = setup{ hands = { {"reinforce"}, {"ambush"} }, deck = {} }
  g:deploy("reinforce", "land")
  check_eq(g:decision().kind, "turn")
  check_eq(g:to_act(), 2)
  check_eq(g:stack(1, "air"), {})
end)

scenario("ruling 24: Disrupt: the owner flips first, then the opponent", function()
  local g = setup{
    hands = { {"disrupt"}, {"ambush"} },
    board = { { air = {"heavy_bombers"} }, { sea = {"super_battleship"} } },
  }
  g:deploy("disrupt", "land")
  check_eq(g:decision().player, 1)
  check_eq(g:decision().options, {"disrupt", "heavy_bombers"}, "only the owner's own uncovered cards")
  g:choose("heavy_bombers")
  check_eq(g:decision().player, 2)
  check_eq(g:decision().options, {"super_battleship"})
  g:choose("super_battleship")
  check_eq(g:stack(1, "air"), {"~heavy_bombers"})
  check_eq(g:stack(2, "sea"), {"~super_battleship"})
end)

scenario("ruling 24: a player with no card on the board skips their part of Disrupt", function()
  local g = setup{ hands = { {"disrupt"}, {"ambush"} } }
  g:deploy("disrupt", "land")
  g:choose("disrupt")
  check_eq(g:decision().kind, "turn", "player 2 has no card: nothing is asked")
  check_eq(g:to_act(), 2)
end)

scenario("ruling 24: abilities revealed by Disrupt wait until Disrupt is done", function()
  local g = setup{
    hands = { {"disrupt"}, {"ambush"} },
    board = { { air = {"~air_maneuver"} }, { sea = {"~transport"} } },
  }
  g:deploy("disrupt", "land")
  g:choose("air_maneuver")
  check_eq(g:decision().player, 2, "Disrupt's second flip comes before Air Maneuver")
end)

scenario("ruling 25: Transport moves a covered or facedown card, keeping its face", function()
  local g = setup{
    hands = { {"transport"}, {"ambush"} },
    board = { { land = {"~heavy_tanks", "cover_fire"} }, { air = {"support"} } },
  }
  g:deploy("transport", "sea")
  check_eq(g:decision().options, {"cover_fire", "heavy_tanks", "none", "transport"})
  g:choose("heavy_tanks")
  check_eq(g:decision().options, {"air", "sea"})
  g:choose("air")
  check_eq(g:stack(1, "air"), {"~heavy_tanks"})
  check_eq(g:stack(1, "land"), {"cover_fire"})
end)

scenario("ruling 25: Transport may move itself, landing on top", function()
  local g = setup{ hands = { {"transport"}, {"ambush"} }, board = { { land = {"heavy_tanks"} }, {} } }
  g:deploy("transport", "sea")
  g:choose("transport")
  g:choose("land")
  check_eq(g:stack(1, "land"), {"heavy_tanks", "transport"})
end)

scenario("ruling 26: Redeploy's play happens at once, even in the opponent's turn", function()
  local g = setup{
    hands = { {"ambush"}, {"heavy_tanks", "support"} },
    board = { {}, { sea = {"~redeploy"}, air = {"~disrupt"} } },
  }
  g:deploy("ambush", "land")
  g:choose("redeploy")  -- Ambush reveals player 2's Redeploy
  check_eq(g:decision().player, 2)
  g:choose("disrupt")
  check_eq(g:hand(2), {"heavy_tanks", "support", "disrupt"}, "a returned card goes to the end of the hand")
  local d = g:decision()
  check_eq(d.player, 2)
  check_eq(d.kind, "play")
  for _, o in ipairs(d.options) do check(o ~= "withdraw", "withdraw is not a play") end
  g:deploy("heavy_tanks", "land")
  check_eq(g:stack(2, "land"), {"heavy_tanks"})
  check_eq(g:to_act(), 2, "then player 2 takes their own turn")
  check_eq(#g:hand(2), 2)
end)

scenario("ruling 26: no facedown card returned, no play", function()
  local g = setup{ hands = { {"redeploy"}, {"ambush"} }, board = { { air = {"~heavy_tanks"} }, {} } }
  g:deploy("redeploy", "sea")
  g:choose("none")
  check_eq(g:decision().kind, "turn")
  check_eq(g:to_act(), 2)
end)
