-- The example variant docs/examples/field-command (card script API 2): one scenario per card,
-- per ongoing function, per trigger event and per house-rule hook.
local set = "../../../docs/examples/field-command"  -- from this file's folder
local short = set .. "/rules/short-battles.lua"
local three = set .. "/rules/three-vp.lua"

-- ongoing functions ------------------------------------------------------------------------

scenario("signal_corps (strength): your facedown cards in adjacent theaters get +2", function()
  local g = setup{ cards = set, hands = { {"support"}, {"ambush"} },
                   board = { { air = {"signal_corps"}, land = {"~heavy_tanks"}, sea = {"~escalation"} },
                             { land = {"~cover_fire"} } } }
  check_eq(g:card_strength("heavy_tanks"), 4, "facedown 2, +2 next to signal_corps")
  check_eq(g:card_strength("escalation"), 2, "sea is not adjacent to air")
  check_eq(g:card_strength("cover_fire"), 2, "the opponent's cards are not helped")
  check_eq(g:strength(1, "land"), 4)
end)

scenario("signal_corps: no bonus once it is flipped facedown (ruling 10)", function()
  local g = setup{ cards = set, hands = { {"land_maneuver"}, {"ambush"} },
                   board = { { air = {"signal_corps"}, sea = {"~heavy_tanks"} }, {} } }
  g:deploy("land_maneuver", "land")
  g:choose("signal_corps")
  check_eq(g:card_strength("land_maneuver"), 3)
  check_eq(g:card_strength("heavy_tanks"), 2)
end)

scenario("war_chest (total): +3 in its theater while its owner's hand is empty", function()
  local g = setup{ cards = set, turn = 2, hands = { {}, {"ambush", "support"} },
                   board = { { air = {"war_chest"} }, {} } }
  check_eq(g:strength(1, "air"), 4)
  check_eq(g:strength(1, "land"), 0)
  local h = setup{ cards = set, hands = { {"support"}, {"ambush"} }, board = { { air = {"war_chest"} }, {} } }
  check_eq(h:strength(1, "air"), 1, "a card in hand: no bonus")
end)

scenario("checkpoint (may_play): the opponent cannot improvise to its theater", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {"heavy_tanks"} },
                   board = { { land = {"checkpoint"} }, {} } }
  local legal = table.concat(g:legal(), ",")
  check(not legal:find("improvise heavy_tanks land", 1, true), "improvise to land offered: " .. legal)
  check(legal:find("deploy heavy_tanks land", 1, true), "deploy to land missing")
  check(legal:find("improvise heavy_tanks air", 1, true), "improvise elsewhere missing")
  check_error(function() g:improvise("heavy_tanks", "land") end, "illegal:")
end)

scenario("checkpoint: reinforce skips a theater where its play is forbidden (ruling 14)", function()
  local g = setup{ cards = set, hands = { {"reinforce"}, {"ambush"} }, deck = {"heavy_bombers"},
                   board = { {}, { sea = {"checkpoint"} } } }
  g:deploy("reinforce", "land")
  check_eq(g:decision().options, {"air"}, "sea is forbidden by the opponent's checkpoint")
end)

scenario("fortress (may_withdraw): the opponent cannot withdraw; its owner can", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {"heavy_tanks"} },
                   board = { { land = {"fortress"} }, {} } }
  for _, a in ipairs(g:legal()) do check(a ~= "withdraw", "the opponent may withdraw") end
  check_error(function() g:withdraw() end, "illegal:")
  g:improvise("heavy_tanks", "air")
  local found = false
  for _, a in ipairs(g:legal()) do found = found or a == "withdraw" end
  check(found, "fortress's owner may still withdraw")
end)

scenario("fortress: a player with nothing else to do may still withdraw", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {} }, board = { { land = {"fortress"} }, {} } }
  check_eq(g:legal(), {"withdraw"})
end)

scenario("minefield (destroys_play): the opponent's faceup 4+ plays to its theater are destroyed", function()
  local g = setup{ cards = set, turn = 2, hands = { {"sea_maneuver", "support"}, {"super_battleship", "transport"} },
                   board = { { sea = {"minefield"} }, {} } }
  g:deploy("super_battleship", "sea")
  check_eq(g:stack(2, "sea"), {})
  local deck = g:deck()
  check_eq(deck[#deck], "super_battleship", "to the bottom of the deck")
  g:deploy("sea_maneuver", "sea")  -- its owner's own plays are safe
  check_eq(g:stack(1, "sea"), {"minefield", "sea_maneuver"})
  g:deploy("transport", "sea")     -- strength 1: safe
  check_eq(g:stack(2, "sea"), {"transport"})
end)

-- triggers --------------------------------------------------------------------------------

scenario("scout (played): may return a card the opponent improvised to its theater", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {"ambush", "heavy_tanks"} },
                   board = { { air = {"scout"} }, {} } }
  g:improvise("ambush", "air")
  check_eq(g:decision(), { player = 1, kind = "card", options = {"ambush", "none"} })
  g:choose("ambush")
  check_eq(g:hand(2), {"heavy_tanks", "ambush"})
  check_eq(g:stack(2, "air"), {})
  check_eq(g:to_act(), 1)
end)

scenario("scout: a deploy or a play elsewhere does not fire it", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {"ambush", "heavy_tanks"} },
                   board = { { air = {"scout"} }, {} } }
  g:improvise("ambush", "land")
  check_eq(g:decision().kind, "turn")
end)

scenario("decoy (covered): the card that covers it is flipped facedown", function()
  local g = setup{ cards = set, hands = { {"super_battleship", "support"}, {"ambush"} },
                   board = { { sea = {"decoy"} }, {} } }
  g:deploy("super_battleship", "sea")
  check_eq(g:stack(1, "sea"), {"decoy", "~super_battleship"})
end)

scenario("bunker (uncovered): 2 supply tokens when the card above it leaves", function()
  local g = setup{ cards = set, hands = { {"transport", "support"}, {"ambush"} },
                   board = { { land = {"bunker", "~heavy_tanks"} }, {} } }
  g:deploy("transport", "sea")
  g:choose("heavy_tanks")
  g:choose("air")
  check_eq(g:tokens(1, "land"), 2)
  check_eq(g:strength(1, "land"), 3)
end)

scenario("turncoat (flipped): returns to its owner's hand when flipped facedown", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {"land_maneuver", "ambush"} },
                   board = { { sea = {"turncoat"} }, {} } }
  g:deploy("land_maneuver", "land")
  g:choose("turncoat")
  check_eq(g:stack(1, "sea"), {})
  check_eq(g:hand(1), {"support", "turncoat"})
end)

scenario("convoy (moved): a supply token where it arrives", function()
  local g = setup{ cards = set, hands = { {"transport", "support"}, {"ambush"} },
                   board = { { sea = {"convoy"} }, {} } }
  g:deploy("transport", "sea")
  g:choose("convoy")
  g:choose("land")
  check_eq(g:tokens(1, "land"), 1)
  check_eq(g:stack(1, "land"), {"convoy"})
end)

scenario("vulture (destroyed): a VP for each of the opponent's cards destroyed as played", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {"ambush", "heavy_tanks"} },
                   board = { { land = {"vulture"}, sea = {"containment"} }, {} } }
  g:improvise("ambush", "air")
  check_eq(g:score(1), 1)
  check_eq(g:score(2), 0)
end)

scenario("reservist (returned): a VP when one of your cards returns to your hand", function()
  local g = setup{ cards = set, hands = { {"redeploy", "support"}, {"ambush"} },
                   board = { { air = {"reservist"}, land = {"~heavy_tanks"} }, {} } }
  g:deploy("redeploy", "sea")
  g:choose("heavy_tanks")
  check_eq(g:decision().kind, "play", "redeploy: then play a card")
  check_eq(g:score(1), 0, "the trigger waits until redeploy has finished (ruling 11)")
  g:improvise("support", "land")
  check_eq(g:score(1), 1)
end)

scenario("patrol (turn_start): look at the top card; it may go to the bottom of the deck", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {"ambush", "heavy_tanks"} },
                   board = { { air = {"patrol"} }, {} }, deck = {"blockade", "disrupt"} }
  g:improvise("ambush", "land")
  check_eq(g:decision(), { player = 1, kind = "card", options = {"blockade", "none"} })
  check_eq(g:deck(), {"blockade", "disrupt"}, "looked at, still on top")
  check_eq(g:view(1).deck_known, {"blockade"})
  check_eq(g:view(2).deck_known, {}, "the opponent does not learn it")
  g:choose("blockade")
  check_eq(g:deck(), {"disrupt", "blockade"})
  check_eq(g:decision().kind, "turn")
  check_eq(g:to_act(), 1)
end)

scenario("quartermaster (turn_end): a supply token after each of its owner's turns", function()
  local g = setup{ cards = set, hands = { {"support", "heavy_tanks"}, {"ambush", "transport"} },
                   board = { { land = {"quartermaster"} }, {} } }
  g:improvise("support", "air")
  check_eq(g:tokens(1, "land"), 1)
  g:improvise("ambush", "air")
  check_eq(g:tokens(1, "land"), 1, "not after the opponent's turn")
end)

scenario("garrison (battle_end) and use() from the set's own lib: 2 VP if it holds its theater", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {"ambush", "transport"} },
                   board = { { land = {"garrison"} }, {} } }
  g:withdraw()
  check_eq(g:last_battle(), { number = 1, winner = 1, vp = 4, reason = "withdraw" })
  check_eq(g:score(1), 6, "4 from the 2nd player's chart (2 cards left), 2 from garrison")
end)

scenario("garrison: nothing when the opponent holds its theater", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {"ambush", "transport"} },
                   board = { { land = {"garrison"} }, { land = {"heavy_tanks"} } } }
  g:withdraw()
  check_eq(g:score(1), 4)
end)

-- hooks -------------------------------------------------------------------------------------

scenario("battle_start hook (set.lua): the 2nd player places a supply token where they like", function()
  local g = new_game{ cards = set, seed = 5 }
  local d = g:decision()
  check_eq(d.kind, "theater")
  check_eq(d.player, 3 - g:first(), "the 2nd player decides")
  check_eq(d.options, {"air", "land", "sea"})
  g:choose("sea")
  check_eq(g:tokens(d.player, "sea"), 1)
  check_eq(g:decision().kind, "turn")
  check_eq(g:to_act(), g:first())
end)

scenario("short-battles (battle_over): a battle ends once both hands hold 2 cards or fewer", function()
  local g = setup{ cards = set, rules = { short },
                   hands = { {"support", "air_drop", "heavy_tanks"}, {"ambush", "transport", "disrupt"} } }
  g:improvise("support", "air")
  check_eq(g:last_battle(), nil)
  g:improvise("ambush", "air")
  check_eq(g:last_battle().number, 1)
  check_eq(g:last_battle().reason, "control")
end)

scenario("three-vp (battle_vp): every battle is worth 3 VP, withdrawals included", function()
  local g = setup{ cards = set, rules = { three }, turn = 2, hands = { {"support"}, {"ambush", "transport"} } }
  g:withdraw()
  check_eq(g:last_battle().vp, 3)
  check_eq(g:score(1), 3)
  local h = setup{ cards = set, rules = { three }, hands = { {"support"}, {} } }
  h:improvise("support", "air")
  check_eq(h:last_battle(), { number = 1, winner = 1, vp = 3, reason = "control" })
end)

scenario("center (battle_winner): a battle played out goes to whoever holds the middle theater", function()
  local g = setup{ cards = set, rules = { set .. "/rules/center.lua" }, hands = { {"support"}, {} },
                   board = { { air = {"heavy_bombers"}, sea = {"super_battleship"} }, { land = {"heavy_tanks"} } } }
  g:improvise("support", "air")  -- player 1 holds two theaters of three, player 2 the middle one
  check_eq(g:last_battle(), { number = 1, winner = 2, vp = 6, reason = "control" })
end)

scenario("supply-drops (turn_start, turn_end): a decision at the start of each turn", function()
  local g = setup{ cards = set, rules = { set .. "/rules/supply-drops.lua" },
                   hands = { {"support", "heavy_tanks"}, {"ambush", "transport"} } }
  g:improvise("support", "air")
  check_eq(g:decision(), { player = 2, kind = "theater", options = {"air", "land", "none", "sea"} })
  g:choose("sea")
  check_eq(g:tokens(2, "sea"), 1)
  check_eq(g:decision().kind, "turn")
  check_eq(g:to_act(), 2)
end)
