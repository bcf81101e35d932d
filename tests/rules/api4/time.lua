-- Card script API 4, "Time" (docs/modding.md): the effect moments own_next_turn_start,
-- own_next_turn_end, { turns = N } and game_end, data.player and data.started_turn,
-- g:turn_number(), setup{ effects, turn_number }; with the test cards of tests/sets/api4.
local set = "../../sets/api4"  -- from this file's folder
local refusals = "../../sets/api4_refusals"

local function lines(g, p) return table.concat(g:messages(p), "\n") end

scenario("own_next_turn_start: it lasts through the opponent's turn and ends as its player's next turn starts", function()
  local g = setup{ cards = set, hands = { {"sentry", "support", "transport"}, {"ambush", "cover_fire", "disrupt"} },
                   board = { {}, { land = {"heavy_tanks"} } } }
  check_eq(g:turn_number(), 1)
  g:deploy("sentry", "land")
  check_eq(g:card_strength("heavy_tanks"), 4, "-2 while it lasts")
  check_eq(g:view(2).effects, { "watch of sentry (until player 1's next turn starts)" })
  g:improvise("ambush", "air")  -- player 2's turn: it still lasts
  check_eq(g:turn_number(), 3)
  check_eq(g:card_strength("heavy_tanks"), 6, "ended at the start of player 1's turn")
  check_eq(g:view(1).effects, {})
  local log = lines(g, 1)
  check(log:find("watch of player 1 (from turn 1) sees turn 2 of player 2", 1, true), log)
  check(log:find("watch of player 1 (from turn 1) sees turn 3 of player 1", 1, true),
        "its own turn_start trigger fires at the moment it ends, once: " .. log)
  check(log:find("effect watch of sentry ends", 1, true), log)
end)

scenario("own_next_turn_end: through the end of its player's next turn, not the opponent's", function()
  local g = setup{ cards = set, hands = { {"vigil", "support", "transport"}, {"ambush", "cover_fire", "disrupt"} },
                   board = { { air = {"air_drop"} }, {} } }
  g:deploy("vigil", "air")
  check_eq(g:card_strength("vigil"), 4, "+3")
  check_eq(g:view(1).effects, { "guard of vigil (until the end of player 1's next turn)" })
  g:improvise("ambush", "land")
  check_eq(g:card_strength("vigil"), 4, "still on after the opponent's turn")
  g:improvise("transport", "sea")
  check_eq(g:card_strength("vigil"), 1, "ended with player 1's next turn")
end)

scenario("{ turns = N }: ends at the end of the Nth turn after this one", function()
  local g = setup{ cards = set, hands = { {"siege", "support", "transport"}, {"ambush", "cover_fire", "disrupt", "heavy_tanks"} },
                   board = { {}, { sea = {"blockade"} } } }
  g:deploy("siege", "sea")
  check_eq(g:card_strength("blockade"), 4, "blockade 5, -1")
  check_eq(g:view(1).effects, { "siege of siege (until the end of the 2nd turn from now)" })
  g:improvise("ambush", "air")       -- turn 2
  check_eq(g:view(1).effects, { "siege of siege (until the end of the next turn)" })
  g:improvise("support", "land")     -- turn 3
  check_eq(g:card_strength("blockade"), 4)
  check_eq(g:view(1).effects, { "siege of siege (until the end of the turn)" })
  g:improvise("cover_fire", "air")   -- turn 4: its end is the effect's
  check_eq(g:card_strength("blockade"), 5)
  check(lines(g, 2):find("effect siege of siege lasts until the end of the 3rd turn from now", 1, true), lines(g, 2))
end)

scenario("{ turns = N } past 65,535 turns of a game: it ends when it says (turn counters are 32 bits)", function()
  -- turns counted in 16 bits once clamped this effect's end to turn 65,534: it ended at once
  for _, start in ipairs{ 65534, 70000 } do
    local g = setup{ cards = set, turn_number = start,
                     hands = { {"siege", "support", "transport"}, {"ambush", "cover_fire", "disrupt", "heavy_tanks"} },
                     board = { {}, { sea = {"blockade"} } } }
    g:deploy("siege", "sea")
    g:improvise("ambush", "air")
    check_eq(g:turn_number(), start + 2)
    check_eq(g:card_strength("blockade"), 4, "still -1 two turns on from turn " .. start)
    check_eq(g:view(1).effects, { "siege of siege (until the end of the next turn)" })
    g:improvise("support", "land")
    check_eq(g:card_strength("blockade"), 4)
    g:improvise("cover_fire", "air")
    check_eq(g:card_strength("blockade"), 5, "ended at the end of the 3rd turn after it began")
  end
end)

scenario("game_end: it outlasts the battle, and its triggers go on in the next", function()
  local g = setup{ cards = set, hands = { {"oath", "support"}, {"ambush", "transport"} }, seed = 3 }
  g:deploy("oath", "land")
  g:withdraw()  -- player 2 withdraws: player 1 wins the battle and, by the oath, 1 VP more
  check_eq(g:battle(), 2)
  check_eq(g:score(1), 5, "4 VP for the withdrawal (the 2nd player, 2 cards left) and 1 by the oath")
  check_eq(g:view(1).effects, { "oath of oath (until the end of the game)" })
  local h = setup{ cards = set, hands = { {"oath", "support"}, {"ambush", "transport"} }, score = { 10, 0 } }
  h:deploy("oath", "land")
  h:withdraw()
  check(h:game_over(), "the game is over")
  check(lines(h, 1):find("effect oath of oath ends", 1, true), "it ends with the game: " .. lines(h, 1))
end)

scenario("data is a table even when g:effect had none: player and started_turn", function()
  local g = setup{ cards = set, turn_number = 5, hands = { {"sentry", "support"}, {"ambush", "disrupt"} } }
  check_eq(g:turn_number(), 5)
  g:deploy("sentry", "land")
  g:improvise("ambush", "air")
  check(lines(g, 1):find("watch of player 1 (from turn 5) sees turn 6 of player 2", 1, true), lines(g, 1))
end)

scenario("setup{ effects }: an effect in force before the first action, as g:effect would start it", function()
  local g = setup{ cards = set, hands = { {"support", "transport"}, {"ambush", "disrupt"} },
                   board = { { land = {"sentry"} }, { land = {"heavy_tanks"} } },
                   effects = { { name = "watch", owner = "sentry", ["until"] = "own_next_turn_start", data = { where = "land" } } } }
  check_eq(g:card_strength("heavy_tanks"), 4, "data.player is its card's owner")
  g:improvise("support", "air")
  g:improvise("ambush", "air")
  check_eq(g:card_strength("heavy_tanks"), 6)
  check_error(function() setup{ cards = set, effects = { { name = "wach", owner = "sentry" } } } end,
              "card 'sentry' declares no effect 'wach' (did you mean 'watch'?)")
  check_error(function() setup{ cards = set, effects = { { name = "watch", owner = "sentry", ["until"] = "own_next_turn" } } } end,
              "unknown duration 'own_next_turn' (did you mean 'own_next_turn_end'?)")
  check_error(function() setup{ cards = set, effects = { { name = "watch", owner = "sentry", ["until"] = "own_next_turn_end" } } } end,
              "needs a player")
end)

scenario("refusals: turns from 1 to 12, a duration table is { turns = N }, a house rule has no next turn of its own", function()
  local function try(others, want)
    local hand = { "bad_turns" }
    for i = 1, others do hand[#hand + 1] = ({ "support", "heavy_tanks" })[i] end
    local g = setup{ cards = refusals, hands = { hand, {"ambush"} } }
    check_error(function() g:deploy("bad_turns", "air") end, want)
    check_eq(g:hand(1), hand, "the game as it was")
  end
  try(0, "turns must be an integer from 1 to 12")
  try(1, "unknown duration field 'turn' (did you mean 'turns'?)")
  try(2, "a duration table is { turns = N }")
  check_error(function() new_game{ cards = refusals, rules = { refusals .. "/rules/own-turn.lua" }, seed = 1 } end,
              "a house rule (or a card in the deck) has none: use { turns = N }")
end)
