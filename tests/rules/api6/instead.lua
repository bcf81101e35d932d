-- Card script API 6: replacement effects, `instead` (docs/modding.md, "Replacement effects").
-- Decoy: "If this card would be destroyed, flip it facedown instead"; Escort's lasting effect
-- returns a card to its hand instead, once; the Anchored house rule replaces every move.
local set = "../../sets/api6"  -- from this file's folder
local anchored = "../../sets/api6/rules/anchored.lua"
local function log_of(g, p) return table.concat(g:messages(p), "\n") end
local function said(g) return log_of(g, 1):match("demolition destroyed it: (%a+)") end

scenario("Decoy is flipped facedown instead of destroyed, where it lies; g:destroy answers false", function()
  local g = setup{ cards = set, theaters = { "air", "land", "sea" },
                   board = { {}, { land = {"heavy_tanks", "decoy"} } }, hands = { {"demolition", "support"}, {"transport"} } }
  g:deploy("demolition", "sea")
  g:choose("decoy")
  check_eq(said(g), "false")
  check_eq(g:stack(2, "land"), {"heavy_tanks", "~decoy"}, "still on top, facedown")
  check(log_of(g, 1):find("decoy of player 2 in land is flipped facedown instead of destroyed (by decoy)", 1, true), log_of(g, 1))
  check(log_of(g, 2):find("decoy of player 2 in land is flipped facedown instead of destroyed (by decoy)", 1, true), log_of(g, 2))
  check(not log_of(g, 1):find("is destroyed", 1, true), "no destroy is told")
  check_eq(g:view(1).board[2].land, {"heavy_tanks", "~decoy"}, "the opponent keeps knowing it")
end)

scenario("Containment does not destroy a Decoy flipped instead: it was not played, and no played trigger fires", function()
  local g = setup{ cards = set, theaters = { "air", "land", "sea" },
                   board = { { air = {"containment"} }, { land = {"decoy"} } }, hands = { {"demolition", "support"}, {"transport"} },
                   effects = { { name = "mark", owner = "field_order" } } }  -- (its played trigger logs every play)
  g:deploy("demolition", "sea")
  g:choose("decoy")
  check(log_of(g, 1):find("sees demolition", 1, true), "the played trigger works: " .. log_of(g, 1))
  check(not log_of(g, 1):find("sees decoy", 1, true), "no played trigger fires for the Decoy: " .. log_of(g, 1))
  check_eq(g:stack(2, "land"), {"~decoy"}, "Containment destroys facedown plays only")
  check(not log_of(g, 1):find("improvises", 1, true), "nothing was played")
  check(not log_of(g, 1):find("containment destroys", 1, true), log_of(g, 1))
  check_eq(g:card_strength("decoy"), 2, "a facedown card's strength")
end)

scenario("a facedown Decoy has no ability: it is destroyed", function()
  local g = setup{ cards = set, theaters = { "air", "land", "sea" },
                   board = { {}, { land = {"~decoy"} } }, hands = { {"demolition", "support"}, {"transport"} } }
  g:deploy("demolition", "sea")
  g:choose("decoy")
  check_eq(said(g), "true")
  check_eq(g:stack(2, "land"), {})
end)

scenario("Escort's effect returns the card to its owner's hand instead, then ends", function()
  local g = setup{ cards = set, theaters = { "air", "land", "sea" },
                   board = { {}, { land = {"heavy_tanks"} } },
                   hands = { {"demolition", "support"}, {"escort", "transport", "cover_fire"} } }
  g:improvise("support", "air")
  g:deploy("escort", "sea")  -- player 2's effect
  g:deploy("demolition", "sea")
  g:choose("heavy_tanks")
  check_eq(said(g), "false")
  check_eq(g:hand(2), {"transport", "cover_fire", "heavy_tanks"})
  check(log_of(g, 2):find("instead of destroyed (by escort)", 1, true), log_of(g, 2))
  check(log_of(g, 2):find("effect escort of escort ends", 1, true), log_of(g, 2))
end)

-- Decoy on player 2's side and Escort's effect lasting for player 2: Demolition destroys the Decoy,
-- and both replacements would apply.
local function both_apply()
  local g = setup{ cards = set, theaters = { "air", "land", "sea" },
                   board = { {}, { land = {"decoy"} } },
                   hands = { {"demolition", "support"}, {"escort", "transport"} } }
  g:improvise("support", "air")
  g:deploy("escort", "sea")
  g:deploy("demolition", "sea")
  g:choose("decoy")
  return g
end

scenario("two replacements apply: the card's owner chooses one, and only it applies", function()
  local g = both_apply()
  local d = g:decision()
  check_eq(d.player, 2, "Decoy's owner chooses")
  check_eq(d.kind, "option")
  check_eq(d.options, {"decoy", "effect escort of escort"})
  g:choose("effect escort of escort")
  check_eq(g:hand(2), {"transport", "decoy"}, "returned, not flipped")
  check_eq(g:stack(2, "land"), {})
end)

scenario("the other choice: Decoy flips, and Escort's effect still waits", function()
  local g = both_apply()
  g:choose("decoy")
  check_eq(g:stack(2, "land"), {"~decoy"})
  check(not log_of(g, 2):find("effect escort of escort ends", 1, true), "unused")
end)

scenario("a house rule replaces every move: the card stays, and the log says it was not moved", function()
  local g = setup{ cards = "standard", rules = { anchored }, theaters = { "air", "land", "sea" },
                   board = { { land = {"heavy_tanks"} }, {} }, hands = { {"transport", "support"}, {"cover_fire"} } }
  g:deploy("transport", "sea")
  g:choose("heavy_tanks")
  g:choose("air")
  check_eq(g:stack(1, "land"), {"heavy_tanks"})
  check_eq(g:score(1), 1, "the rule's VP instead")
  check(log_of(g, 2):find("heavy_tanks of player 1 in land is not moved (by house rule)", 1, true), log_of(g, 2))
end)
