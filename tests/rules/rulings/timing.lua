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

-- Ruling 29: an instant due whose card leaves the board before its turn does not resolve.
local pending = "../../sets/pending"  -- from this file's folder

-- Player 1's Disrupt reveals player 1's `first`, then player 2's Air Drop: both are due, `first` before.
local function air_drop_due_after(first)
  local g = setup{ cards = pending, hands = { {"disrupt"}, {"heavy_tanks"} },
                   board = { { sea = {"~" .. first} }, { air = {"~air_drop"} } } }
  g:deploy("disrupt", "land")
  g:choose(first)
  g:choose("air_drop")
  return g
end

local function can_deploy_anywhere(g)
  for _, a in ipairs(g:legal()) do
    if a == "deploy heavy_tanks air" then return true end
  end
  return false
end

scenario("ruling 29: a due instant whose card is destroyed before its turn does not resolve", function()
  local g = air_drop_due_after("sapper")
  g:choose("air_drop")  -- Sapper destroys Air Drop, whose ability is due
  check_eq(g:stack(2, "air"), {}, "Air Drop went to the deck")
  check_eq(g:decision().kind, "turn", "no ability is left to resolve")
  check_eq(g:to_act(), 2)
  check(not can_deploy_anywhere(g), "Air Drop's permission was never given")
end)

scenario("ruling 29: a due instant whose card returns to a hand before its turn does not resolve", function()
  local g = air_drop_due_after("evacuate")
  g:choose("air_drop")  -- Evacuate returns Air Drop to player 2's hand
  check_eq(g:hand(2), {"heavy_tanks", "air_drop"})
  check_eq(g:to_act(), 2)
  check(not can_deploy_anywhere(g), "Air Drop's permission was never given")
end)

scenario("ruling 29: a card that leaves and is played again resolves once, for the new play", function()
  local g = setup{ cards = pending, hands = { {"disrupt"}, {"heavy_tanks"} },
                   board = { { sea = {"~recast"} }, { air = {"~tally"} } } }
  g:deploy("disrupt", "land")
  g:choose("recast")
  g:choose("tally")  -- Tally is due
  g:choose("tally")  -- Recast returns Tally and player 2 plays it again faceup: due again
  check_eq(g:stack(2, "air"), {"tally"})
  check_eq(g:score(2), 1, "the first due was lost with the card; the new play's resolved")
  check_eq(g:to_act(), 2)
end)

scenario("ruling 29: an instant that has begun resolves fully after its card leaves the board", function()
  local g = setup{ cards = pending, hands = { {"last_stand"}, {"heavy_tanks"} } }
  g:deploy("last_stand", "land")
  check_eq(g:stack(1, "land"), {}, "Last Stand destroyed itself")
  check_eq(g:score(1), 1, "and its ability went on")
end)

scenario("ruling 12 still holds under ruling 29: flipped facedown on the board, a due instant resolves", function()
  local g = setup{ cards = pending, hands = { {"disrupt"}, {"heavy_tanks"} },
                   board = { { sea = {"~ambush"} }, { air = {"~tally"} } } }
  g:deploy("disrupt", "land")
  g:choose("ambush")
  g:choose("tally")
  g:choose("tally")  -- Ambush flips Tally facedown again: it stays on the board
  check_eq(g:stack(2, "air"), {"~tally"})
  check_eq(g:score(2), 1)
end)

scenario("a trigger's script error names the card whose ability set it off", function()
  local g = setup{ cards = "../../sets/set_off", hands = { {"sapper"}, {"heavy_tanks"} },
                   board = { {}, { air = {"brittle"} } } }
  g:deploy("sapper", "sea")
  check_error(function() g:choose("brittle") end, "card brittle (")
  check_error(function() g:choose("brittle") end, "(set off by card sapper (")
  check_eq(g:stack(2, "air"), {"brittle"}, "the answer is refused: the game as it was")
end)
