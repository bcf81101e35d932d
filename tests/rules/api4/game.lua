-- Card script API 4, "The game" (docs/modding.md): g:battles(), g:turn_number(), the game_over
-- hook and its reason (the game's result, the log), setup{ battles }, g:game_result().
local set = "../../sets/api4"  -- from this file's folder
local streak = set .. "/rules/streak.lua"
local refusals = "../../sets/api4_refusals"

scenario("g:battles(): each battle decided, oldest first, with how it ended and the scores after it", function()
  local g = new_game{ cards = set, seed = 2 }
  check_eq(g:battles(), {}, "none before the first battle ends")
  local first1 = g:first()
  g:withdraw()  -- the 1st player withdraws at once: the other wins
  local b = g:battles()
  check_eq(#b, 1)
  check_eq(b[1].number, 1)
  check_eq(b[1].winner, 3 - first1)
  check_eq(b[1].how, "withdraw")
  check_eq(b[1].first, first1)
  check_eq(b[1].scores, { g:score(1), g:score(2) })
  check_eq(b[1].vp, g:score(3 - first1))
  check_eq(g:turn_number(), 1, "the new battle's first turn")
  g:withdraw()
  b = g:battles()
  check_eq(#b, 2)
  check_eq(b[2].number, 2)
  check_eq(b[2].scores, { g:score(1), g:score(2) })
end)

scenario("a game_over hook ends the game at once with its winner and reason", function()
  local g = setup{ cards = set, rules = { streak }, hands = { {"support", "transport"}, {"ambush", "disrupt"} },
                   score = { 4, 0 }, battles = { { winner = 1, how = "withdraw", vp = 2 }, { winner = 1, vp = 2, first = 2 } } }
  check_eq(g:battle(), 3, "without battle, the one after those decided")
  check_eq(g:battles()[1].scores, { 2, 0 }, "worked out backwards from score")
  check_eq(g:battles()[2].first, 2)
  check_eq(g:battles()[2].how, "control")
  g:withdraw()  -- player 1 withdraws: player 2 wins the third battle, no streak
  check(not g:game_over(), "no streak: the game goes on")
  local h = setup{ cards = set, rules = { streak }, hands = { {"support", "transport"}, {"ambush", "disrupt"} },
                   turn = 2, score = { 4, 0 }, battles = { { winner = 1, vp = 2 }, { winner = 1, vp = 2 } } }
  h:withdraw()  -- player 2 withdraws: player 1's third battle in a row
  check(h:game_over(), "the hook ended it")
  local r = h:game_result()
  check_eq(r.winner, 1)
  check_eq(r.reason, "three battles in a row")
  check_eq(r.scores[2], 0)
  check(r.scores[1] < 12, "before the VP target")
  local lines = table.concat(h:messages(2), "\n")
  check(lines:find("game over: player 1 wins " .. r.scores[1] .. "-0 (three battles in a row)", 1, true), lines)
end)

scenario("g:game_result(): nil while the game goes on; the VP target's end has no reason", function()
  local g = setup{ cards = set, hands = { {"support", "transport"}, {"ambush", "disrupt"} }, turn = 2, score = { 10, 0 } }
  check_eq(g:game_result(), nil)
  g:withdraw()
  local r = g:game_result()
  check_eq(r.winner, 1)
  check_eq(r.reason, nil)
end)

scenario("the game_over hook's refusals: a player 1 or 2, a reason of 1 to 40 printable characters", function()
  local function try(cards, want)
    local hand = ({ "support", "heavy_tanks", "transport" })
    local g = setup{ cards = refusals, rules = { refusals .. "/rules/bad-game-over.lua" },
                     hands = { { table.unpack(hand, 1, cards) }, {"ambush"} }, turn = 2 }
    check_error(function() g:withdraw() end, want)
    check_eq(g:battle(), 1, "the game as it was")
    check_eq(#g:hand(1), cards)
  end
  try(1, "must return nil, false, or the winning player (1 or 2) and a reason")
  try(2, "its second result, the reason, must be a string")
  try(3, "a reason must be printable text of 1 to 40 characters")
end)

scenario("g:battles() keeps the most recent 32 battles; setup takes at most 32", function()
  local many = {}
  for i = 1, 32 do many[i] = { winner = 1 + i % 2, vp = 0 } end
  local g = setup{ cards = set, battles = many, hands = { {"support", "transport"}, {"ambush", "disrupt"} }, turn = 2 }
  check_eq(g:battle(), 33)
  check_eq(#g:battles(), 32)
  check_eq(g:battles()[1].number, 1)
  g:withdraw()
  local b = g:battles()
  check_eq(#b, 32, "still 32")
  check_eq(b[1].number, 2, "the oldest dropped")
  check_eq(b[32].number, 33)
  many[33] = { winner = 1, vp = 0 }
  check_error(function() setup{ cards = set, battles = many } end, "setup: battles holds at most 32 battles")
end)
