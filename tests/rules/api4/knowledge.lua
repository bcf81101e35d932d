-- Card script API 4, "Knowledge" (docs/modding.md): g:reveal, g:knows, g:deck, the revealed
-- event, and how long a revealed card stays known; with the test cards of tests/sets/api4.
local set = "../../sets/api4"  -- from this file's folder

scenario("g:reveal shows the opponent's hand to one player, and only to that player", function()
  local g = setup{ cards = set, hands = { {"spy", "support"}, {"heavy_tanks", "containment"} } }
  check(not g:knows(1, "heavy_tanks"), "hidden before")
  g:deploy("spy", "sea")
  check(g:knows(1, "heavy_tanks") and g:knows(1, "containment"), "player 1 knows the hand now")
  check(not g:knows(2, "support"), "player 2 was shown nothing")
  check_eq(g:view(1).hands[2], { "heavy_tanks", "containment" }, "player 1's view names them")
  check_eq(g:view(2).hands[1], { "?" })
end)

scenario("a facedown card of the opponent, revealed, is ~id in the player's view", function()
  local g = setup{ cards = set, hands = { {"scout"}, {"support"} }, turn = 1,
                   board = { {}, { land = {"~heavy_tanks"}, air = {"~cover_fire"} } } }
  check_eq(g:view(1).board[2].land, { "~?" })
  g:deploy("scout", "air")
  check_eq(g:view(1).board[2].land, { "~heavy_tanks" })
  check_eq(g:view(1).board[2].air, { "~cover_fire" })
  check(g:knows(1, "cover_fire"))
end)

scenario("revealed fires once per card and player shown, with e.to; knowing players fire nothing", function()
  local g = setup{ cards = set, hands = { {"herald", "support"}, {"ambush"} },
                   board = { { land = {"witness"} }, {} }, deck = { "heavy_tanks", "transport" } }
  g:deploy("herald", "land")
  -- the deck's top to both (neither knew it): to = "both"; herald's hand card support, known to
  -- player 1 already, is shown to player 2 only: to = 2
  check_eq(g:counter("witness", "seen"), 2)
  check(g:knows(2, "support") and g:knows(1, "heavy_tanks") and g:knows(2, "heavy_tanks"))
  check(not g:knows(1, "transport"), "only the top card")
end)

scenario("revealed's e: card and to (1, 2 or \"both\"), in the log", function()
  local g = setup{ cards = set, hands = { {"herald", "support"}, {"ambush"} },
                   board = { { land = {"witness"} }, {} }, deck = { "heavy_tanks", "transport" } }
  g:deploy("herald", "land")
  local lines = table.concat(g:messages(1), "\n")
  check(lines:find("revealed heavy_tanks to both", 1, true), lines)
  check(lines:find("revealed support to 2", 1, true), lines)
end)

scenario("a revealed hand card its holder plays facedown is no longer known; played faceup, it is public", function()
  local g = setup{ cards = set, hands = { {"spy", "support"}, {"heavy_tanks", "containment", "ambush"} } }
  g:deploy("spy", "sea")
  check(g:knows(1, "containment") and g:knows(1, "ambush"))
  g:improvise("containment", "air")
  check(not g:knows(1, "containment"), "lost among the hand's cards")
  check_eq(g:view(1).board[2].air, { "~?" })
  g:improvise("support", "land")
  g:deploy("ambush", "land")
  check(g:knows(1, "ambush"), "faceup: public")
end)

scenario("a revealed card stays known where it goes in sight, and is forgotten when the battle ends", function()
  local g = setup{ cards = set, hands = { {"scout", "transport"}, {"support", "ambush"} }, turn = 1,
                   board = { { sea = {"redeploy"} }, { land = {"~heavy_tanks"} } } }
  g:deploy("scout", "air")
  check(g:knows(1, "heavy_tanks"))
  g:improvise("support", "sea")
  check(g:knows(1, "heavy_tanks"), "still where it was")
  g:withdraw()
  check(not g:knows(1, "heavy_tanks"), "the new deal: nobody knows anything but their own hand")
end)

scenario("g:deck() lists the deck top first; a revealed deck card keeps its place in the view", function()
  local g = setup{ cards = set, hands = { {"prober", "herald", "cover_fire"}, {"ambush", "disrupt"} },
                   deck = { "transport", "heavy_tanks", "support" } }
  g:deploy("prober", "air")
  check(table.concat(g:messages(2), "\n"):find("knows 0 of 2; deck 3 = 3", 1, true))
  g:improvise("ambush", "land")
  g:deploy("herald", "land")
  check_eq(g:view(2).deck_known, { "transport" })
  check_eq(g:view(2).deck_positions, { { id = "transport", position = 1 } })
  check_eq(g:deck(), { "transport", "heavy_tanks", "support" })
end)

scenario("a seat's lines name a revealed card only for the seat that knows it", function()
  local g = setup{ cards = set, hands = { {"spy", "support"}, {"heavy_tanks"} } }
  g:deploy("spy", "sea")
  local mine, theirs = table.concat(g:messages(1), "\n"), table.concat(g:messages(2), "\n")
  check(mine:find("heavy_tanks in player 2's hand is shown to player 1", 1, true), mine)
  check(theirs:find("heavy_tanks in player 2's hand is shown to player 1", 1, true), theirs)
  local h = setup{ cards = set, hands = { {"herald", "support"}, {"ambush"} }, deck = { "transport" } }
  h:deploy("herald", "land")
  check(table.concat(h:messages(1), "\n"):find("transport in the deck is shown to both players", 1, true))
  local k = setup{ cards = set, hands = { {"scout"}, {"support"} }, turn = 1, board = { {}, { land = {"~heavy_tanks"} } } }
  k:deploy("scout", "air")
  check(table.concat(k:messages(1), "\n"):find("heavy_tanks of player 2 in land is shown to player 1", 1, true))
end)

scenario("g:reveal's refusals: `to` is 1, 2 or \"both\"; an unknown id names the nearest", function()
  local g = setup{ cards = "../../sets/api4_refusals", hands = { {"bad_to", "bad_word", "bad_id"}, {"ambush"} } }
  check_error(function() g:deploy("bad_to", "air") end, "a player is 1 or 2")
  check_error(function() g:deploy("bad_word", "air") end, "`to` is 1, 2 or \"both\"")
  check_error(function() g:deploy("bad_id", "air") end, "did you mean 'transport'")
  check_eq(g:hand(1), { "bad_to", "bad_word", "bad_id" }, "the game as it was")
end)

scenario("setup{known}: a player knows a card of the other hand; played facedown, it is lost (any set)", function()
  local g = setup{ hands = { {"support"}, {"containment", "ambush"} }, turn = 2, known = { [1] = {"containment"} } }
  check(g:knows(1, "containment") and not g:knows(1, "ambush"))
  check_eq(g:view(1).hands[2], { "containment", "?" })
  g:improvise("containment", "air")
  check(not g:knows(1, "containment"))
  check_eq(g:view(1).board[2].air, { "~?" })
  check_error(function() setup{ known = { [1] = {"containmnet"} } } end, "unknown card 'containmnet'")
end)
