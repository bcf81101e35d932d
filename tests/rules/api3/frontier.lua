-- Card script API 3 (docs/modding.md, "Card script API 3"): the example variant
-- docs/examples/frontier, one scenario or more per card and house rule.
local set = "../../../docs/examples/frontier"  -- from this file's folder
local rules = set .. "/rules/"

-- counters: a growing card ------------------------------------------------------------------

scenario("veteran gains a rank at the end of each of its owner's turns, +1 strength a rank", function()
  local g = setup{ cards = set, hands = { {"heavy_tanks", "support"}, {"ambush", "transport"} },
                   board = { { land = {"veteran"} }, {} } }
  check_eq(g:card_strength("veteran"), 2)
  g:deploy("heavy_tanks", "land")
  check_eq(g:counter("veteran", "rank"), 1, "player 1's turn ended")
  check_eq(g:card_strength("veteran"), 3)
  g:improvise("ambush", "air")
  check_eq(g:counter("veteran", "rank"), 1, "not on the opponent's turn")
  g:improvise("support", "sea")
  check_eq(g:counter("veteran", "rank"), 2)
  check_eq(g:view(2).counters, { {}, {}, veteran = { rank = 2 } }, "counters are public")
end)

scenario("a card keeps its counters when flipped facedown and loses them when it leaves the board", function()
  local g = setup{ cards = set, turn = 2, hands = { {"heavy_tanks"}, {"air_maneuver", "ambush"} },
                   board = { { land = {"veteran"} }, {} }, counters = { veteran = { rank = 3 } } }
  check_eq(g:card_strength("veteran"), 5)
  g:deploy("air_maneuver", "air")
  g:choose("veteran")
  check(not g:view(1).board[1].land[1]:find("^veteran"), "facedown now")
  check_eq(g:counter("veteran", "rank"), 3, "kept while facedown")
  check_eq(g:card_strength("veteran"), 2, "facedown: its function no longer acts")
  check_eq(g:view(2).counters.veteran, { rank = 3 }, "player 2 saw it faceup: named")
end)

scenario("card counters end with the battle; a player's counters last the game", function()
  local g = setup{ cards = set, hands = { {"heavy_tanks"}, {} }, board = { { land = {"veteran"} }, {} },
                   counters = { veteran = { rank = 2 }, [1] = { medals = 4 } } }
  g:deploy("heavy_tanks", "land")
  check_eq(g:last_battle().number, 1)
  check_eq(g:counter("veteran", "rank"), 0, "the card left the board at the battle's end")
  check_eq(g:counter(1, "medals"), 4)
end)

-- a lasting effect with a ban ------------------------------------------------------------------

scenario("smoke_screen: cards in the chosen theater cannot be flipped until the end of the opponent's next turn", function()
  local g = setup{ cards = set, hands = { {"smoke_screen", "support", "heavy_tanks"}, {"air_maneuver", "ambush", "disrupt"} },
                   board = { { land = {"~cover_fire"} }, { sea = {"~escalation"} } } }
  g:deploy("smoke_screen", "air")
  check_eq(g:decision().prompt, "smoke screen: the theater to cover")
  g:choose("land")
  check_eq(g:view(2).effects, { "smoke of smoke_screen (until the end of the turn)" }, "player 2's turn has begun")
  check_eq(g:card_strength("cover_fire"), 3, "facedown 2, +1 for its owner's cards there")
  g:deploy("air_maneuver", "air")
  check_eq(g:decision().player, 1, "cover_fire may not flip: air_maneuver had no card to offer (ruling 14)")
  check_eq(g:stack(1, "land"), { "~cover_fire" })
  check_eq(g:view(1).effects, {}, "ended with the opponent's turn")
  check_eq(g:card_strength("cover_fire"), 2)
end)

-- a ban on moves ----------------------------------------------------------------------------------

scenario("sentry: no card moves out of its theater or into it", function()
  local g = setup{ cards = set, hands = { {"transport", "support"}, {"ambush"} },
                   board = { { sea = {"sentry"}, land = {"~heavy_tanks"} }, {} } }
  g:deploy("transport", "sea")
  g:choose("heavy_tanks")
  check_eq(g:decision().options, { "air", "sea" })
  g:choose("sea")
  check_eq(g:stack(1, "land"), { "~heavy_tanks" }, "g:move was refused: nothing changed")
  check_eq(g:stack(1, "sea"), { "sentry", "transport" })
  local h = setup{ cards = set, hands = { {"transport", "support"}, {"ambush"} },
                   board = { { sea = {"sentry"}, land = {"~heavy_tanks"} }, {} } }
  h:deploy("transport", "sea")
  h:choose("sentry")
  h:choose("air")
  check_eq(h:stack(1, "sea"), { "sentry", "transport" }, "nor out of it")
end)

-- a change of side --------------------------------------------------------------------------------

scenario("defector: an opponent's uncovered card in an adjacent theater comes over, on top, with its counters", function()
  local g = setup{ cards = set, hands = { {"defector", "support"}, {"ambush"} },
                   board = { { air = {"~cover_fire"} }, { air = {"veteran"}, sea = {"heavy_tanks"} } },
                   counters = { veteran = { rank = 2 } } }
  g:deploy("defector", "land")
  check_eq(g:decision().prompt, "defector: the card that changes side")
  check_eq(g:decision().options, { "heavy_tanks", "veteran" })
  g:choose("veteran")
  check_eq(g:stack(1, "air"), { "~cover_fire", "veteran" })
  check_eq(g:stack(2, "air"), {})
  check_eq(g:owner("veteran"), 1)
  check_eq(g:counter("veteran", "rank"), 3, "counters stay with the card; a rank more at its new owner's turn end")
  check_eq(g:strength(1, "air"), 2 + 5)
end)

-- drawing into a hand ---------------------------------------------------------------------------

scenario("recruiter: its owner takes the top card of the deck into hand; only they see it", function()
  local g = setup{ cards = set, hands = { {"recruiter"}, {"ambush"} }, deck = { "heavy_tanks", "support" } }
  g:deploy("recruiter", "sea")
  check_eq(g:hand(1), { "heavy_tanks" })
  check_eq(g:owner("heavy_tanks"), 1)
  check_eq(g:owner("support"), nil, "in the deck")
  check_eq(g:view(2).hands[1], { "?" })
  check_eq(g:deck(), { "support" })
end)

-- a triggered card reading e.cause ------------------------------------------------------------------

scenario("tripwire: an opponent's ability flipping one of your cards scores 1 VP", function()
  local g = setup{ cards = set, turn = 2, hands = { {"support"}, {"air_maneuver", "ambush"} },
                   board = { { air = {"tripwire"}, land = {"heavy_tanks"} }, {} } }
  g:deploy("air_maneuver", "air")
  g:choose("heavy_tanks")
  check_eq(g:score(1), 1)
end)

scenario("tripwire: your own abilities' flips score nothing", function()
  local g = setup{ cards = set, hands = { {"land_maneuver", "support"}, {"ambush"} },
                   board = { { air = {"tripwire"}, sea = {"heavy_tanks"} }, {} } }
  g:deploy("land_maneuver", "land")
  g:choose("heavy_tanks")
  check_eq(g:score(1), 0)
end)

-- an instant with a trigger ----------------------------------------------------------------------------

scenario("flare: its ability places a token; covered while faceup, it scores 1 VP", function()
  local g = setup{ cards = set, hands = { {"flare", "heavy_bombers"}, {"ambush", "support"} } }
  g:deploy("flare", "air")
  check_eq(g:tokens(1, "air"), 1)
  g:improvise("ambush", "land")
  g:deploy("heavy_bombers", "air")
  check_eq(g:score(1), 1)
end)

-- house rules -----------------------------------------------------------------------------------------

scenario("mulligan: each player may put a card on the bottom and take the top one; the question says so", function()
  local g = new_game{ cards = set, rules = { rules .. "mulligan.lua" }, seed = 7 }
  local d = g:decision()
  check_eq(d.prompt, "your mulligan: put on the bottom of the deck")
  check_eq(d.player, g:first())
  local before = g:hand(d.player)
  g:choose(before[1])
  check_eq(#g:hand(d.player), #before, "one out, one in")
  check_eq(g:deck()[#g:deck()], before[1], "on the bottom of the deck")
  check_eq(g:decision().player, 3 - d.player, "then the other player")
  check_eq(g:decision().prompt, "your mulligan: put on the bottom of the deck")
end)

scenario("blitz: a battle ended with a reason, which battle_vp sees and g:last_battle tells", function()
  local g = setup{ cards = set, rules = { rules .. "blitz.lua" },
                   hands = { {"heavy_tanks", "support", "heavy_bombers"}, {"ambush", "transport", "disrupt"} },
                   board = { { air = {"~cover_fire"}, sea = {"~escalation"} }, {} } }
  g:deploy("heavy_tanks", "land")
  check_eq(g:last_battle(), { number = 1, winner = 1, vp = 8, reason = "blitz" }, "6 VP + 2 for a blitz")
end)

scenario("medals: a player's counter, set by a hook, lasts and adds to the VP of their battles", function()
  local g = setup{ cards = set, rules = { rules .. "medals.lua" }, hands = { {"heavy_tanks"}, {"ambush"} },
                   board = { { air = {"~cover_fire"}, sea = {"~escalation"} }, {} }, counters = { [1] = { medals = 1 } } }
  g:deploy("heavy_tanks", "land")
  check_eq(g:counter(1, "medals"), 2, "player 1 holds every theater at the end of the turn")
  g:improvise("ambush", "air")
  check_eq(g:last_battle(), { number = 1, winner = 1, vp = 8, reason = "control" })
  check_eq(g:counter(1, "medals"), 2, "a player's counters last")
end)

scenario("fog: an effect a house rule starts ('this' is nil) forbids faceup plays in the first turn", function()
  local g = new_game{ cards = set, rules = { rules .. "fog.lua" }, seed = 3 }
  for _, a in ipairs(g:legal()) do check(not a:find("^deploy"), "deploy offered: " .. a) end
  check_eq(g:view(1).effects, { "fog (house rule) (until the end of the turn)" })
  g:act(g:legal()[1])
  local deploys = 0
  for _, a in ipairs(g:legal()) do if a:find("^deploy") then deploys = deploys + 1 end end
  check(deploys > 0, "the fog has lifted in the second turn")
end)
