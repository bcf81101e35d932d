-- Card script API 3, point by point (docs/modding.md, "Card script API 3"), with the test cards
-- of tests/sets/api3: counters, lasting effects, bans, change of side, dealing, causes,
-- prompts, end reasons, and the refusals and limits of each.
local set = "../../sets/api3"  -- from this file's folder
local rules = set .. "/rules/"

-- counters ----------------------------------------------------------------------------------------

scenario("a counter's name is a plain word", function()
  local g = setup{ cards = set, hands = { {"bad_name"}, {"ambush"} } }
  check_error(function() g:deploy("bad_name", "air") end, "card bad_name")
  check_error(function() g:deploy("bad_name", "air") end, "a plain word")
  check_eq(g:hand(1), { "bad_name" }, "the game as it was")
end)

scenario("a text that passed as a prompt is checked again, by its own rule, as a counter's name", function()
  local g = setup{ cards = "../../sets/texts", hands = { {"reworded"}, {"ambush"} } }
  g:deploy("reworded", "air")
  check_error(function() g:choose("land") end, "a plain word")
  check_eq(g:counter("reworded", "fine"), 0, "nothing set: the game as it was")
end)

scenario("a counter stays within -1000..1000: past it the verb raises an error naming the card", function()
  local g = setup{ cards = set, hands = { {"overflow"}, {"ambush"} } }
  check_error(function() g:deploy("overflow", "air") end, "card overflow")
  check_error(function() g:deploy("overflow", "air") end, "outside -1000..1000")
  check_eq(g:counter("overflow", "x"), 0, "nothing set: the game as it was")
end)

scenario("an amount far past the limit is refused before it is added: no overflow", function()
  local g = setup{ cards = set, hands = { {"huge_add"}, {"ambush"} } }
  check_error(function() g:deploy("huge_add", "land") end, "card huge_add")
  check_error(function() g:deploy("huge_add", "land") end, "outside -1000..1000")
  check_eq(g:counter("huge_add", "x"), 0, "nothing set: the game as it was")
end)

scenario("32 counters may be set at once; the 33rd is an error naming the card", function()
  local g = setup{ cards = set, hands = { {"many_counters"}, {"ambush"} } }
  check_error(function() g:deploy("many_counters", "air") end, "card many_counters")
  check_error(function() g:deploy("many_counters", "air") end, "more than 32 counters")
  local h = setup{ cards = set, hands = { {"ambush"}, {"support"} }, counters = { [1] = { a = 1 }, [2] = { b = -7 } } }
  check_eq(h:counter(2, "b"), -7)
  check_eq(h:counter(2, "never"), 0, "0 if never set")
end)

scenario("reading a counter in an ongoing function is allowed; changing one is not", function()
  local g = setup{ cards = set, hands = { {"ambush"}, {"support"} }, board = { { land = {"booster"} }, {} },
                   counters = { [1] = { boost = 4 } } }
  check_eq(g:card_strength("booster"), 5)
  local h = setup{ cards = set, hands = { {"ambush"}, {"support"} }, board = { { land = {"writer_fn"} }, {} } }
  check_error(function() h:strength(1, "land") end, "read-only")
end)

-- lasting effects ---------------------------------------------------------------------------------

scenario("a lasting effect gets its data, acts after its card is gone, and ends with the battle", function()
  local g = setup{ cards = set, hands = { {"martyr", "support", "ambush"}, {"heavy_tanks", "transport"} } }
  g:deploy("martyr", "sea")
  check_eq(g:stack(1, "sea"), {}, "martyr destroyed itself")
  check_eq(g:strength(1, "sea"), 2, "yet its banner adds 2 to its owner's total there")
  check_eq(g:strength(2, "sea"), 0)
  check_eq(g:view(2).effects, { "banner of martyr (until the end of the battle)" })
  g:improvise("heavy_tanks", "air")
  check_eq(g:counter(1, "rallies"), 0, "the effect's trigger: only its player's plays")
  g:improvise("support", "land")
  check_eq(g:counter(1, "rallies"), 1)
  g:withdraw()
  check_eq(g:view(1).effects, {}, "ended with the battle")
end)

scenario("g:effect names an effect its card declares, with the nearest known name", function()
  local g = setup{ cards = set, hands = { {"misnamed"}, {"ambush"} } }
  check_error(function() g:deploy("misnamed", "sea") end, "did you mean 'banner'")
end)

scenario("an effect's data holds at most 4 fields", function()
  local g = setup{ cards = set, hands = { {"five_fields"}, {"ambush"} } }
  check_error(function() g:deploy("five_fields", "sea") end, "at most 4 fields")
end)

scenario("16 lasting effects may last at once; the 17th is an error naming the card", function()
  local g = setup{ cards = set, hands = { {"flood"}, {"ambush"} } }
  check_error(function() g:deploy("flood", "sea") end, "card flood")
  check_error(function() g:deploy("flood", "sea") end, "more than 16 lasting effects")
end)

-- bans --------------------------------------------------------------------------------------------

scenario("a ban: g:flip and g:move return false and change nothing; flippable leaves the card out", function()
  local g = setup{ cards = set, hands = { {"flipper"}, {"ambush"} },
                   board = { { air = {"jammer"} }, { land = {"~heavy_tanks"} } } }
  g:deploy("flipper", "land")
  check_eq(g:counter(1, "flip"), 2, "g:flip returned false")
  check_eq(g:counter(1, "move"), 2, "g:move returned false")
  check_eq(g:counter(1, "flippable"), 1, "g:cards{flippable = true} is empty")
  check_eq(g:stack(2, "land"), { "~heavy_tanks" })
end)

scenario("without a ban g:flip and g:move return true", function()
  local g = setup{ cards = set, hands = { {"flipper"}, {"ambush"} }, board = { {}, { land = {"~heavy_tanks"} } } }
  g:deploy("flipper", "land")
  check_eq(g:counter(1, "flip"), 1)
  check_eq(g:counter(1, "move"), 1)
  check_eq(g:stack(2, "sea"), { "heavy_tanks" }, "flipped faceup, then moved")
end)

scenario("a ban on flips leaves cards out of a declared flip (the maneuvers)", function()
  local g = setup{ cards = set, hands = { {"air_maneuver"}, {"ambush"} },
                   board = { { land = {"jammer"} }, { land = {"~heavy_tanks"} } } }
  g:deploy("air_maneuver", "air")
  check_eq(g:decision().player, 2, "nothing may flip: no question (ruling 14)")
end)

-- change of side, dealing -----------------------------------------------------------------------

scenario("g:give: the card is the other player's, on top, and `given` fires with from, player and cause", function()
  local g = setup{ cards = set, hands = { {"giver"}, {"ambush"} }, board = { { sea = {"watcher"} }, { land = {"~cover_fire"} } } }
  g:deploy("giver", "land")
  check_eq(g:counter(1, "gave"), 12, "true, then false: it was theirs already")
  check_eq(g:stack(2, "land"), { "~cover_fire", "giver" })
  check_eq(g:owner("giver"), 2)
  check_eq(g:counter(2, "from"), 1)
  check_eq(g:counter(2, "by_giver"), 1, "e.cause names the card whose ability gave it")
  check_eq(g:counter(2, "owner_now"), 2)
end)

scenario("g:deal: the top cards into the hand, fewer if the deck is shorter", function()
  local g = setup{ cards = set, hands = { {"dealer"}, {"ambush"} }, deck = { "heavy_tanks", "support" } }
  g:deploy("dealer", "sea")
  check_eq(g:counter(1, "dealt"), 2)
  check_eq(g:hand(1), { "heavy_tanks", "support" })
  check_eq(g:deck(), {})
end)

-- kind "triggered" and e.cause -------------------------------------------------------------------------

scenario("e.cause: nil for a player's own play, the card for an ability, 'rule' for a house rule", function()
  local g = setup{ cards = set, hands = { {"support", "air_maneuver"}, {"ambush", "heavy_tanks"} },
                   board = { { air = {"cause_watcher"} }, {} } }
  g:improvise("support", "land")
  check_eq(g:counter(1, "played_cause"), 1, "a turn action: no cause")
  g:improvise("heavy_tanks", "land")
  g:deploy("air_maneuver", "air")
  g:choose("heavy_tanks")
  check_eq(g:counter(2, "flip_cause"), 3, "air_maneuver's ability")
  local h = setup{ cards = set, rules = { rules .. "flip_at_turn_end.lua" },
                   hands = { {"support", "air_maneuver"}, {"ambush"} }, board = { { air = {"cause_watcher"} }, {} } }
  h:improvise("support", "land")
  check_eq(h:counter(1, "flip_cause"), 2, "the house rule's turn_end hook flipped it")
end)

scenario("a battle_over reason reaches the battle_end trigger as e.how and g:last_battle as reason", function()
  local g = setup{ cards = set, rules = { rules .. "overrun.lua" },
                   hands = { {"support", "heavy_tanks"}, {"ambush", "transport"} },
                   board = { { air = {"cause_watcher"}, land = {"~cover_fire"} }, {} } }
  g:improvise("support", "land")
  check_eq(g:last_battle().reason, "overrun")
  check_eq(g:counter(g:last_battle().winner, "overrun"), 1)
end)

-- strict by default -------------------------------------------------------------------------------------

scenario("a string where a verb wants an integer is an error naming the card", function()
  local g = setup{ cards = set, hands = { {"strict"}, {"ambush"} } }
  check_error(function() g:deploy("strict", "air") end, "card strict")
  check_error(function() g:deploy("strict", "air") end, "integer")
end)
