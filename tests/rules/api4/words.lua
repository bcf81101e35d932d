-- Card script API 4, "Questions in words" (docs/modding.md): g:choose_option at its question,
-- in scenarios, in the log, and its refusals; with the test cards of tests/sets/api4.
local set = "../../sets/api4"  -- from this file's folder
local refusals = "../../sets/api4_refusals"

scenario("g:choose_option asks in words: kind option, the texts in the script's order, the prompt", function()
  local g = setup{ cards = set, hands = { {"ultimatum", "support"}, {"ambush"} }, board = { {}, { sea = {"heavy_tanks"} } } }
  g:deploy("ultimatum", "land")
  local d = g:decision()
  check_eq(d.kind, "option")
  check_eq(d.player, 2, "the opponent answers")
  check_eq(d.options, { "flip a card", "give 1 VP" }, "in the order given, not sorted")
  check_eq(d.prompt, "ultimatum: flip a card or give 1 VP")
  check_eq(g:legal(), { "option 1", "option 2" }, "the actions are option K, their fixed ids")
  g:choose("give 1 VP")
  check_eq(g:score(1), 1)
  check_eq(g:view(1).board[2].sea, { "heavy_tanks" }, "nothing flipped")
  local lines = table.concat(g:messages(1), "\n")
  check(lines:find("player 2 chooses 'give 1 VP'", 1, true), lines)
end)

scenario("the text picked is what the verb returns: the other branch asks a card question next", function()
  local g = setup{ cards = set, hands = { {"ultimatum", "support"}, {"ambush"} }, board = { {}, { sea = {"heavy_tanks"} } } }
  g:deploy("ultimatum", "land")
  g:act("option 1")  -- the same answer by its action text
  check_eq(g:decision().kind, "card")
  check_eq(g:decision().prompt, "the card to flip facedown")
  g:choose("heavy_tanks")
  check_eq(g:view(1).board[2].sea, { "~heavy_tanks" }, "flipped facedown (and still known: player 1 saw it)")
  check_eq(g:score(1), 0)
end)

scenario("with may, none is offered last and the verb returns nil", function()
  local g = setup{ cards = set, hands = { {"oracle", "support"}, {"ambush"} } }
  g:deploy("oracle", "sea")
  check_eq(g:decision().options, { "draw a card", "gain 1 VP", "flip this card", "none" })
  check_eq(g:legal(), { "choose none", "option 1", "option 2", "option 3" })
  g:choose("none")
  check(table.concat(g:messages(1), "\n"):find("oracle: nil", 1, true), "nil for none")
  check_eq(g:score(1), 0)
  check_eq(g:to_act(), 2)
end)

scenario("each text leads where the script says (gain 1 VP, flip this card)", function()
  local g = setup{ cards = set, hands = { {"oracle", "support"}, {"ambush", "heavy_tanks"} } }
  g:deploy("oracle", "sea")
  g:choose("gain 1 VP")
  check_eq(g:score(1), 1)
  g:improvise("ambush", "air")
  g:deploy("support", "air")
  check_eq(g:hand(1), {})
  local h = setup{ cards = set, hands = { {"oracle", "support"}, {"ambush"} } }
  h:deploy("oracle", "sea")
  h:choose("flip this card")
  check_eq(h:view(1).board[1].sea, { "~oracle" }, "flipped facedown")
end)

scenario("an answer that is not one of the texts lists them and names the question", function()
  local g = setup{ cards = set, hands = { {"ultimatum", "support"}, {"ambush"} }, board = { {}, { sea = {"heavy_tanks"} } } }
  g:deploy("ultimatum", "land")
  check_error(function() g:choose("give 2 VP") end, "g:choose one of: flip a card, give 1 VP")
  check_error(function() g:choose("give 2 VP") end, "ultimatum's option question")
  check_error(function() g:choose("none") end, "is not an answer now")
  check_error(function() g:deploy("support", "air") end, "while a question is pending")
  check_eq(g:decision().kind, "option", "still pending")
end)

scenario("g:choose_option's refusals: 2 to 8 distinct texts of 1 to 40 printable characters, no 'none' with may", function()
  -- Each card misuses the verb one way per number of cards its owner holds after playing it.
  local function try(card, others, want)
    local hand = { card }
    for i = 1, others do hand[#hand + 1] = ({ "support", "heavy_tanks" })[i] end
    local g = setup{ cards = refusals, hands = { hand, {"ambush"} } }
    check_error(function() g:deploy(card, "air") end, want)
    check_eq(g:hand(1), hand, "the game as it was")
  end
  try("bad_option", 0, "2 to 8 texts (got 1)")
  try("bad_option", 1, "option 'same' is given twice")
  try("bad_option", 2, "at most 8 entries")
  try("bad_text", 0, "'none' is the answer `may` adds")
  try("bad_text", 1, "1 to 40 characters")
  try("bad_text", 2, "must be a string (got number)")
end)
