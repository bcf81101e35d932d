-- Card script API 5: copying another card's ability (copies, g:ability_of, g:use_ability;
-- docs/modding.md, "Card script API 5"). Mimic: "While faceup, this card has the ability of the
-- card it covers", whatever that card is. The cards Mimic covers here are facedown, so that what
-- acts is Mimic's copy alone.
local set = "../../sets/mimic"  -- from this file's folder
local function game(board, hands, more)
  local spec = { cards = set, board = board, hands = hands or { {"mimic", "heavy_tanks"}, {"ambush", "disrupt"} } }
  for k, v in pairs(more or {}) do spec[k] = v end
  return setup(spec)
end

scenario("Mimic on Support (declared bonus): +3 to the adjacent theaters", function()
  local g = game{ { land = {"~support"}, air = {"air_drop"}, sea = {"sea_maneuver"} } }
  check_eq(g:strength(1, "air"), 2)
  g:deploy("mimic", "land")
  check_eq(g:strength(1, "air"), 2 + 3)
  check_eq(g:strength(1, "sea"), 3 + 3)
  check_eq(g:strength(1, "land"), 2 + 1, "not its own theater (Support's scope)")
end)

scenario("Mimic facedown, or covering nothing, has no ability", function()
  local g = game{ { land = {"~support"}, air = {"air_drop"} } }
  g:improvise("mimic", "land")
  check_eq(g:strength(1, "air"), 2, "facedown: nothing")
  local h = game{}
  h:deploy("mimic", "land")
  check_eq(h:strength(1, "land"), 1)
  check_eq(h:decision().kind, "turn", "nothing asked")
  check_eq(h:to_act(), 2)
end)

scenario("Mimic on Escalation (declared strength), then flipped facedown: the copy ends", function()
  local g = game({ { land = {"~escalation"}, air = {"~air_drop"} } }, { {"mimic", "heavy_tanks"}, {"air_maneuver", "disrupt"} })
  check_eq(g:card_strength("air_drop"), 2)
  g:deploy("mimic", "land")
  check_eq(g:card_strength("air_drop"), 4, "your facedown cards are strength 4")
  check_eq(g:card_strength("escalation"), 4, "the covered card too: it is facedown")
  g:deploy("air_maneuver", "air")  -- flips an uncovered card in an adjacent theater: Mimic
  g:choose("mimic")
  check_eq(g:stack(1, "land"), {"~escalation", "~mimic"})
  check_eq(g:card_strength("air_drop"), 2, "Mimic facedown has no ability")
end)

scenario("Mimic on Containment (declared destruction of plays)", function()
  local g = game{ { land = {"~containment"} } }
  g:deploy("mimic", "land")
  g:improvise("disrupt", "sea")
  check_eq(g:stack(2, "sea"), {}, "the facedown play is destroyed")
  check_eq(g:deck()[#g:deck()], "disrupt", "to the bottom of the deck")
  local lines = table.concat(g:messages(2), "\n")
  check(lines:find("mimic destroys", 1, true) ~= nil, "Mimic is named as the destroyer: " .. lines)
end)

scenario("Mimic on Aerodrome (declared permission): strength 3 or less anywhere", function()
  local g = game({ { land = {"~aerodrome"} } }, { {"mimic", "air_drop", "heavy_tanks"}, {"ambush", "disrupt"} })
  g:deploy("mimic", "land")
  g:improvise("disrupt", "air")
  local legal = table.concat(g:legal(), ",")
  check(legal:find("deploy air_drop sea", 1, true) ~= nil, legal)
  check(legal:find("deploy heavy_tanks air", 1, true) == nil, "strength 3 or less only: " .. legal)
end)

scenario("Mimic on Air Drop (an instant): it resolves as Mimic's own when Mimic is played", function()
  local g = game({ { land = {"~air_drop"} } }, { {"mimic", "super_battleship", "heavy_tanks"}, {"ambush", "disrupt"} })
  g:deploy("mimic", "land")
  g:improvise("disrupt", "air")
  local legal = table.concat(g:legal(), ",")
  check(legal:find("deploy super_battleship air", 1, true) ~= nil, "the next play may go anywhere: " .. legal)
  local lines = table.concat(g:messages(2), "\n")
  check(lines:find("mimic", 1, true) ~= nil, lines)
end)

scenario("Mimic on Maneuver (a declared flip): Mimic's owner flips, adjacent to Mimic", function()
  local g = game{ { land = {"~land_maneuver"} }, { air = {"~heavy_bombers"}, land = {"~redeploy"} } }
  g:deploy("mimic", "land")
  local d = g:decision()
  check_eq(d.player, 1)
  check_eq(d.kind, "card")
  check_eq(d.options, {"heavy_bombers"}, "uncovered, in a theater adjacent to Mimic's: not land")
  g:choose("heavy_bombers")
  check_eq(g:stack(2, "air"), {"heavy_bombers"}, "flipped faceup")
end)

scenario("Mimic on a triggered card: the trigger is Mimic's while it is faceup", function()
  local function after(stack)
    local g = game({ { sea = stack } }, { {"heavy_tanks"}, {"super_battleship", "disrupt"} }, { turn = 2 })
    g:deploy("super_battleship", "sea")
    return g:score(1)
  end
  check_eq(after{"~watchman", "mimic"}, 1, "the opponent played to this theater: 1 VP")
  check_eq(after{"~watchman", "~mimic"}, 0, "Mimic facedown: no trigger")
  check_eq(after{"watchman"}, 1, "(Watchman's own, faceup)")
end)

scenario("Mimic on a card with an ongoing function: +5 to the total", function()
  local g = game{ { land = {"~bulwark"} } }
  g:deploy("mimic", "land")
  check_eq(g:strength(1, "land"), 2 + 1 + 5)
  check_eq(g:strength(2, "land"), 0, "its owner's total only")
end)

scenario("Mimic on an instant with a lasting effect of its own: the effect is the covered card's, for Mimic", function()
  local g = game{ { land = {"~flare"} } }
  g:deploy("mimic", "land")
  check_eq(g:card_strength("mimic"), 2, "your cards have +1 strength")
  check_eq(g:card_strength("flare"), 3)
  check(#g:view(2).effects == 1, "one lasting effect, shown to both players")
end)

scenario("a copier of a copier has what that one copies", function()
  local g = game({ { air = {"~support", "mimic"}, sea = {"echo"} } }, { {"heavy_tanks"}, {"ambush"} })
  check_eq(g:strength(1, "land"), 3 + 3, "Mimic's copy of Support, and Echo's copy of Mimic's (both next to land)")
  local h = game({ { air = {"mimic"}, sea = {"echo"} } }, { {"heavy_tanks"}, {"ambush"} })
  check_eq(h:strength(1, "land"), 0, "Mimic covers nothing: Echo has nothing either")
end)

scenario("copies and g:use_ability refused: one clear message, the game as it was", function()
  local g = setup{ cards = "../../sets/api5_refusals", hands = { {"bad_copy", "heavy_tanks"}, {"ambush"} } }
  check_error(function() g:deploy("bad_copy", "sea") end, "card bad_copy (")
  check_error(function() g:deploy("bad_copy", "sea") end, "its copies function returned 'no_such_card', which names no card of the set")
  check_eq(g:hand(1), {"bad_copy", "heavy_tanks"}, "the game as it was")
  local function misuse(others, want)
    local hand = { "misuse" }
    for i = 1, others do hand[#hand + 1] = ({ "support", "heavy_tanks", "transport" })[i] end
    local h = setup{ cards = "../../sets/api5_refusals", hands = { hand, {"ambush"} } }
    check_error(function() h:deploy("misuse", "land") end, want)
    check_eq(h:hand(1), hand, "the game as it was")
  end
  misuse(1, "g:use_ability: 'heavy_tanks' is not the card whose ability is running (pass this)")
  misuse(2, "g:use_ability: escalation has no instant ability (its kind is ongoing")
  misuse(3, "g:use_ability: more than 8 abilities used within one another")
end)
