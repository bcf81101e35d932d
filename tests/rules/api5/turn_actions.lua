local function contains(list, x)
  for _, v in ipairs(list) do if v == x then return true end end
  return false
end

-- Card script API 5: turn actions a rule adds (docs/modding.md, "Turn actions"), with Spotter
-- (scripts/rules/spotter.lua): once per battle, instead of playing a card, a player may pay 1 VP
-- to look at one facedown card.

local SPOT = "spot a facedown card (pay 1 VP)"

scenario("spotter: offered beside the plays and withdrawal, as action 1", function()
  local g = setup{ rules = {"spotter"}, score = {2, 0},
                   hands = { {"heavy_tanks"}, {"ambush"} }, board = { {}, { sea = {"~transport"} } } }
  local d = g:decision()
  check_eq(d.kind, "turn")
  check_eq(d.actions, { SPOT })
  check(contains(g:legal(), "action 1"), "the action's fixed id text is in the legal actions")
  check(contains(g:legal(), "withdraw"))
end)

scenario("spotter: taking it is the turn: 1 VP paid, the card seen, the opponent to play", function()
  local g = setup{ rules = {"spotter"}, score = {2, 0},
                   hands = { {"heavy_tanks"}, {"ambush"} }, board = { {}, { sea = {"~transport"} } } }
  g:act(SPOT)
  check_eq(g:decision().kind, "card")
  check_eq(g:decision().prompt, "look at which card?")
  g:choose("transport")
  check_eq(g:score(1), 1, "1 VP paid")
  check(g:knows(1, "transport"), "player 1 has seen the card")
  check_eq(g:view(1).board[2].sea, {"~transport"})
  check_eq(g:to_act(), 2, "the action was the turn")
  check_eq(g:hand(1), {"heavy_tanks"}, "no card was played")
end)

scenario("spotter: once per battle; not without a VP; not with nothing hidden", function()
  local g = setup{ rules = {"spotter"}, score = {2, 0},
                   hands = { {"heavy_tanks", "support"}, {"ambush", "air_drop"} },
                   board = { {}, { sea = {"~transport"}, land = {"~blockade"} } } }
  g:act("action 1")
  g:choose("transport")
  g:improvise("ambush", "air")
  check_eq(g:decision().actions, nil, "once per battle")
  check(not contains(g:legal(), "action 1"))
  local h = setup{ rules = {"spotter"}, hands = { {"heavy_tanks"}, {"ambush"} }, board = { {}, { sea = {"~transport"} } } }
  check_eq(h:decision().actions, nil, "no VP to pay")
  local k = setup{ rules = {"spotter"}, score = {3, 0}, hands = { {"heavy_tanks"}, {"ambush"} }, board = { {}, { sea = {"transport"} } } }
  check_eq(k:decision().actions, nil, "nothing facedown to look at")
end)

scenario("spotter: the opponent reads that player 1 spotted, and where, not what they saw", function()
  local g = setup{ rules = {"spotter"}, score = {2, 0},
                   hands = { {"heavy_tanks"}, {"ambush"} }, board = { {}, { sea = {"~transport"} } } }
  g:act(SPOT)
  g:choose("transport")
  local mine, theirs = table.concat(g:messages(1), "\n"), table.concat(g:messages(2), "\n")
  check(theirs:find("player 1 takes the action: " .. SPOT, 1, true), "the action is public")
  check(theirs:find("player 1 loses 1 VP", 1, true))
  check(mine:find("transport", 1, true), "player 1 reads the card they saw")
end)

scenario("turn actions compose: every rule's list, in the rules' order", function()
  local g = setup{ rules = {"spotter", "../../sets/rules/hold.lua"}, score = {2, 0},
                   hands = { {"heavy_tanks"}, {"ambush"} }, board = { {}, { sea = {"~transport"} } } }
  check_eq(g:decision().actions, { SPOT, "hold: pass the turn" })
  g:act("action 2")
  check_eq(g:to_act(), 2)
  check_eq(g:decision().actions, { "hold: pass the turn" }, "player 2 has no VP to spot with")
  check(table.concat(g:messages(2), "\n"):find("player 1 holds", 1, true))
end)

local BAD = "../../sets/rules/bad_turn_actions.lua"
local function refused(score, message)
  local g = setup{ rules = { BAD }, score = {score, 0}, hands = { {"heavy_tanks"}, {"ambush"} } }
  check_error(function() g:legal() end, message)
end

scenario("turn actions: a malformed list is refused, naming the rule's file and what is wrong", function()
  refused(0, "house rule turn_actions (")
  refused(0, "bad_turn_actions.lua): action 1's text must be printable text of 1 to 40 characters")
  refused(1, "two actions have the text 'hold' (in any case)")
  refused(2, "the action 'hold' must have run = function(g, player)")
  refused(3, "the action text 'withdraw' reads as another action (withdraw)")
  refused(4, "offers more than 8 actions at one turn (every rule's together)")
  refused(5, "must return nil or a list of actions, each {text = TEXT, run = function}")
  refused(6, "the action text 'deploy it' reads as another action (it begins 'deploy ')")
  refused(8, "action 1's text must be printable text of 1 to 40 characters")  -- (its __index never runs)
  -- the terminal types in any case: a rule's action never takes a built-in one's place
  refused(9, "the action text 'Withdraw' reads as another action (withdraw)")
  refused(10, "two actions have the text 'hold' (in any case)")
  refused(11, "the action text '  DEPLOY  heavy_tanks air' reads as another action (it begins 'deploy ')")
end)

scenario("turn actions: an error in run refuses the action and leaves the game as it was", function()
  local g = setup{ rules = { BAD }, score = {7, 0}, hands = { {"heavy_tanks"}, {"ambush"} } }
  check_error(function() g:act("fail") end, "bad_turn_actions.lua): ")
  check_error(function() g:act("fail") end, "the drill failed")
  check_eq(g:score(1), 7, "the VP the run gained is undone")
  check_eq(g:to_act(), 1)
  g:deploy("heavy_tanks", "land")
  check_eq(g:to_act(), 2)
end)
