-- Card script API 5: hand triggers (docs/modding.md, "Card script API 5"). Ambush Party waits in
-- its owner's hand and may be played out of turn; the other player learns nothing of it until
-- it is played, and then only that a card was improvised.
local set = "../../sets/reactions"  -- from this file's folder
local function game(p1_board)
  return setup{ cards = set, turn = 2, board = { p1_board or { land = {"~heavy_tanks"} } },
                hands = { {"ambush_party", "support"}, {"air_drop", "transport"} } }
end
local function lines(g, p) return table.concat(g:messages(p), "\n") end

scenario("a hand trigger asks its owner when the opponent plays next to a facedown top card", function()
  local g = game()
  g:deploy("air_drop", "air")  -- air is next to land, where player 1's top card is facedown
  local d = g:decision()
  check_eq(d.player, 1)
  check_eq(d.kind, "option")
  check_eq(d.options, {"play it now", "wait"})
  g:choose("play it now")
  check_eq(g:stack(1, "air"), {"~ambush_party"}, "played facedown there, out of turn")
  check_eq(g:hand(1), {"support"})
  check_eq(g:to_act(), 1, "then the turns go on as before: player 1's")
  local theirs = lines(g, 2)
  check(theirs:find("player 1 decides\nplayer 1 has decided\n", 1, true) ~= nil, "only who decides: " .. theirs)
  check(theirs:find("player 1 improvises a card facedown to air", 1, true) ~= nil, theirs)
  check(theirs:find("ambush", 1, true) == nil, "nothing names the card: " .. theirs)
  check(theirs:find("wait", 1, true) == nil and theirs:find("'play it now'", 1, true) == nil, "nor the answer: " .. theirs)
  local mine = lines(g, 1)
  check(mine:find("ambush_party", 1, true) ~= nil, "its owner reads it: " .. mine)
end)

scenario("declining a hand trigger leaves the card in hand, unknown", function()
  local g = game()
  g:deploy("air_drop", "air")
  g:choose("wait")
  check_eq(g:hand(1), {"ambush_party", "support"})
  check_eq(g:stack(1, "air"), {})
  check(not g:knows(2, "ambush_party"), "still unknown to player 2")
  check(lines(g, 2):find("ambush", 1, true) == nil, lines(g, 2))
end)

scenario("no question where the play is impossible or the trigger does not apply", function()
  local g = game{ land = {"heavy_tanks"} }  -- the top card is faceup: not ready
  g:deploy("air_drop", "air")
  check_eq(g:decision().kind, "turn", "nothing asked")
  check_eq(g:to_act(), 1)
  check(lines(g, 2):find("decides", 1, true) == nil, "nothing shown: " .. lines(g, 2))
  local h = setup{ cards = set, board = { { land = {"~heavy_tanks"} } },
                   hands = { {"ambush_party", "support"}, {"air_drop", "transport"} } }
  h:deploy("support", "air")  -- its owner's own play
  check_eq(h:decision().kind, "turn")
  check_eq(h:to_act(), 2)
end)

scenario("a hand trigger acts only from the hand: on the board the card does nothing", function()
  local g = setup{ cards = set, turn = 2, board = { { land = {"~heavy_tanks"}, sea = {"ambush_party"} } },
                   hands = { {"support"}, {"air_drop", "transport"} } }
  g:deploy("air_drop", "air")
  check_eq(g:decision().kind, "turn")
  check_eq(g:to_act(), 1)
end)
