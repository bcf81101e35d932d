-- Card script API 4, "Cards to any hand" (docs/modding.md): g:to_hand, its event, and the deal
-- hook; with the test cards and rules of tests/sets/api4.
local set = "../../sets/api4"  -- from this file's folder
local draft = set .. "/rules/draft.lua"

scenario("g:to_hand fetches a destroyed card from the bottom of the deck", function()
  local g = setup{ cards = set, hands = { {"recall", "support"}, {"ambush"} }, deck = { "transport", "heavy_tanks" } }
  g:deploy("recall", "land")
  check_eq(g:hand(1), { "support", "heavy_tanks" }, "to the end of the hand")
  check_eq(g:deck(), { "transport" })
  check(g:knows(1, "heavy_tanks") and not g:knows(2, "heavy_tanks"), "its new holder knows it")
  local lines = table.concat(g:messages(2), "\n")
  check(lines:find("player 1 takes a card from the deck into hand (by recall)", 1, true), lines)
end)

scenario("from the other hand: the player it was taken from keeps knowing it; taking one's own returns false", function()
  local g = setup{ cards = set, hands = { {"pickpocket", "support"}, {"heavy_tanks", "ambush"} } }
  g:deploy("pickpocket", "sea")
  check_eq(g:hand(1), { "support", "heavy_tanks" })
  check_eq(g:hand(2), { "ambush" })
  check(g:knows(2, "heavy_tanks"), "the player it was taken from still knows it")
  local lines = table.concat(g:messages(1), "\n")
  check(lines:find("player 1 takes heavy_tanks from player 2's hand into hand", 1, true), lines)
  check(lines:find("again: false", 1, true), "a card already in that hand: false")
end)

scenario("from the board: facedown into the hand, counters gone, the card below uncovered", function()
  local g = setup{ cards = set, hands = { {"snatch", "support"}, {"ambush"} },
                   board = { {}, { air = {"transport", "heavy_tanks"} } } }
  g:deploy("snatch", "air")
  check_eq(g:decision().options, { "heavy_tanks" }, "only the uncovered card")
  g:choose("heavy_tanks")
  check_eq(g:hand(1), { "support", "heavy_tanks" })
  check_eq(g:stack(2, "air"), { "transport" })
  check_eq(g:owner("heavy_tanks"), 1)
end)

scenario("to_hand's e: card, player (the new holder), from (a theater, \"hand\" or \"deck\")", function()
  local g = setup{ cards = set, hands = { {"recall", "pickpocket", "support"}, {"heavy_tanks", "ambush", "disrupt"} },
                   board = { { land = {"witness"} }, {} }, deck = { "transport", "cover_fire" } }
  g:deploy("recall", "land")
  g:improvise("disrupt", "air")
  g:deploy("pickpocket", "sea")
  local lines = table.concat(g:messages(1), "\n")
  check(lines:find("to_hand cover_fire to 1 from deck", 1, true), lines)
  check(lines:find("to_hand heavy_tanks to 1 from hand", 1, true), lines)
  check_eq(g:counter("witness", "taken"), 2)
end)

scenario("g:to_hand's refusals: an unknown id names the nearest; a player is 1 or 2", function()
  local g = setup{ cards = "../../sets/api4_refusals", hands = { {"bad_hand", "bad_player"}, {"ambush"} } }
  check_error(function() g:deploy("bad_hand", "air") end, "did you mean 'transport'")
  check_error(function() g:deploy("bad_player", "air") end, "a player is 1 or 2")
end)

scenario("a deal hook deals instead of the rules: a draft, the 1st player keeping one of the top two", function()
  local g = new_game{ cards = set, rules = { draft }, seed = 4 }
  check_eq(#g:hand(1) + #g:hand(2), 0, "both hands empty: the hook deals")
  local d = g:decision()
  check_eq(d.kind, "card")
  check_eq(d.player, g:first())
  check_eq(#d.options, 2, "the top two cards")
  check_eq(d.prompt, "draft: the card to keep")
  local first, second = g:first(), 3 - g:first()
  local keep = d.options[1]
  g:choose(keep)
  check_eq(g:hand(first), { keep })
  check_eq(#g:hand(second), 1)
  check(g:knows(first, g:hand(second)[1]), "the 1st player saw the card it passed on")
  for _ = 2, 6 do g:choose(g:decision().options[2]) end
  check_eq(#g:hand(1), 6)
  check_eq(#g:hand(2), 6)
  check_eq(g:decision().kind, "turn", "then the battle's first turn")
end)

scenario("without a deal hook the deal is the rules' (6 cards each)", function()
  local g = new_game{ cards = set, seed = 4 }
  check_eq(#g:hand(1), 6)
  check_eq(#g:hand(2), 6)
end)
