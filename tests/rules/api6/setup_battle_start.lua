-- setup{ battle_start = true } (docs/scenarios.md): the position is a battle's beginning, so the
-- battle_start hooks run (and the first turn's turn_start abilities), as after a deal. Without it a
-- rule that starts an effect at battle_start would be tested in a position it never meets.
local frontier = "../../../docs/examples/frontier"  -- from this file's folder
local fog = frontier .. "/rules/fog.lua"            -- during each battle's first turn, plays are facedown only
local mulligan = frontier .. "/rules/mulligan.lua"  -- each player may put a card back and take the top one
local function legal(g, text)
  for _, a in ipairs(g:legal()) do if a == text then return true end end
  return false
end
local hands = { {"support", "heavy_tanks"}, {"transport", "cover_fire"} }

scenario("battle_start = true runs the battle_start hook: fog's effect acts on the first turn", function()
  local g = setup{ cards = "standard", rules = { fog }, theaters = { "air", "land", "sea" }, hands = hands, battle_start = true }
  check(not legal(g, "deploy support air"), "facedown only")
  check(legal(g, "improvise support air"))
  check_eq(g:to_act(), 1)
  check_eq(g:turn_number(), 1, "still the battle's first turn")
  g:improvise("support", "air")
  check(legal(g, "deploy cover_fire land"), "the fog lasted the first turn only")
end)

scenario("without it the hook has not run: the position is mid-battle", function()
  local g = setup{ cards = "standard", rules = { fog }, theaters = { "air", "land", "sea" }, hands = hands }
  check(legal(g, "deploy support air"))
end)

scenario("a battle_start hook's question is pending after setup, and answered as in a game", function()
  local g = setup{ cards = "standard", rules = { mulligan }, theaters = { "air", "land", "sea" }, hands = hands,
                   deck = { "ambush", "disrupt" }, battle_start = true }
  local d = g:decision()
  check_eq(d.player, 1)
  check_eq(d.kind, "card")
  g:choose("heavy_tanks")
  g:choose("none")
  check_eq(g:hand(1), {"support", "ambush"})
  check_eq(g:decision().kind, "turn")
end)

scenario("battle_start must be a boolean", function()
  check_error(function() setup{ battle_start = "yes" } end, "battle_start must be true or false")
end)
