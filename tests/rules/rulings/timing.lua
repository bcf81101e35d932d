-- Rulings 11-14: when abilities take effect, in which order, and who chooses.

scenario("ruling 11: an instant takes effect when its card is flipped faceup", function()
  local g = setup{
    hands = { {"land_maneuver"}, {"transport"} },
    board = { { air = {"~ambush"} }, { sea = {"~heavy_tanks"} } },
  }
  g:deploy("land_maneuver", "land")
  g:choose("ambush")
  check_eq(g:stack(1, "air"), {"ambush"})
  check_eq(g:decision().kind, "card", "Ambush, revealed, now asks for its flip")
  check_eq(g:decision().player, 1)
end)

scenario("ruling 11: moving a card does not trigger its ability", function()
  local g = setup{
    hands = { {"transport"}, {"ambush"} },
    board = { { air = {"air_maneuver"} }, { land = {"heavy_tanks"} } },
  }
  g:deploy("transport", "sea")
  g:choose("air_maneuver")
  g:choose("land")
  check_eq(g:stack(1, "land"), {"air_maneuver"})
  check_eq(g:decision().kind, "turn")
  check_eq(g:to_act(), 2)
end)

-- Player 1's Disrupt: player 1 reveals Ambush, then player 2 reveals Sea Maneuver; both are due.
local function two_instants_due()
  local g = setup{
    hands = { {"disrupt"}, {"heavy_tanks"} },
    board = { { air = {"~ambush"} }, { sea = {"~sea_maneuver"} } },
  }
  g:deploy("disrupt", "land")
  g:choose("ambush")
  g:choose("sea_maneuver")
  return g
end

scenario("ruling 11: instants due together resolve first due, first resolved", function()
  local g = two_instants_due()
  local d = g:decision()
  check_eq(d.player, 1, "Ambush (due first) resolves first")
  g:choose("disrupt")
  check_eq(g:decision().player, 2, "then Sea Maneuver")
end)

scenario("ruling 12: a started instant finishes even when its card is flipped facedown", function()
  local g = setup{
    hands = { {"disrupt"}, {"heavy_tanks"} },
    board = { {}, { sea = {"~transport"} } },
  }
  g:deploy("disrupt", "land")
  g:choose("disrupt")  -- player 1 flips Disrupt itself facedown
  check_eq(g:stack(1, "land"), {"~disrupt"})
  check_eq(g:decision().player, 2, "Disrupt still asks the opponent")
  g:choose("transport")
  check_eq(g:stack(2, "sea"), {"transport"})
end)

scenario("ruling 12: a due instant resolves even if flipped facedown before its turn", function()
  local g = two_instants_due()
  g:choose("sea_maneuver")  -- Ambush flips Sea Maneuver facedown again
  check_eq(g:stack(2, "sea"), {"~sea_maneuver"})
  local d = g:decision()
  check_eq(d.player, 2, "Sea Maneuver, already due, still resolves")
  check_eq(d.options, {"disrupt"})
end)

scenario("ruling 13: the owner chooses for an ability the opponent revealed", function()
  local g = setup{
    hands = { {"land_maneuver"}, {"transport"} },
    board = { {}, { air = {"~ambush"}, sea = {"heavy_tanks"} } },
  }
  g:deploy("land_maneuver", "land")
  g:choose("ambush")
  check_eq(g:decision().player, 2, "player 2 owns Ambush and makes its choice")
end)

scenario("ruling 13: the opponent makes the choice the text gives them (Disrupt)", function()
  local g = setup{ hands = { {"disrupt"}, {"ambush"} }, board = { {}, { sea = {"~heavy_tanks"} } } }
  g:deploy("disrupt", "land")
  g:choose("disrupt")
  check_eq(g:decision().player, 2)
end)

scenario("ruling 14: an impossible ability is skipped", function()
  local g = setup{ hands = { {"air_maneuver"}, {"ambush"} } }
  g:deploy("air_maneuver", "air")
  check_eq(g:decision().kind, "turn", "no target: nothing is asked")
  check_eq(g:to_act(), 2)
end)

scenario("ruling 14: a mandatory ability offers no 'none'", function()
  local g = setup{ hands = { {"air_maneuver"}, {"ambush"} }, board = { { land = {"heavy_tanks"} }, {} } }
  g:deploy("air_maneuver", "air")
  check_eq(g:decision().options, {"heavy_tanks"}, "its only target is its owner's own card: still asked")
  check_error(function() g:choose("none") end, "illegal:")
end)

scenario("ruling 14: an impossible part is skipped and the rest resolves", function()
  local g = setup{ hands = { {"disrupt"}, {"ambush"} }, board = { {}, { sea = {"~heavy_tanks"} } } }
  -- Player 1's only uncovered card is Disrupt itself; player 2 still flips.
  g:deploy("disrupt", "land")
  check_eq(g:decision().options, {"disrupt"})
  g:choose("disrupt")
  check_eq(g:decision().options, {"heavy_tanks"})
end)
