-- Card script API 6: replacement effects that go wrong, and one that does the very event it
-- replaces (docs/modding.md, "Replacement effects").
local set = "../../sets/instead_errors"  -- from this file's folder
local function log_of(g, p) return table.concat(g:messages(p), "\n") end

local function target(card)
  return setup{ cards = set, theaters = { "air", "land", "sea" },
                board = { {}, { land = {"heavy_tanks", card} } }, hands = { {"demolition", "support"}, {"transport"} } }
end

scenario("an error in a replacement refuses the action, naming the card, the event and the line; the game is as it was", function()
  local g = target("faulty_decoy")
  g:deploy("demolition", "sea")
  check_error(function() g:choose("faulty_decoy") end, "faulty_decoy (instead.destroy): ")
  check_error(function() g:choose("faulty_decoy") end, "faulty_decoy.lua:6:")
  check_eq(g:stack(2, "land"), {"heavy_tanks", "faulty_decoy"})
  check_eq(g:decision().options, {"faulty_decoy"}, "the question is still pending")
end)

scenario("a replacement must answer true or false", function()
  local g = target("vague_decoy")
  g:deploy("demolition", "sea")
  check_error(function() g:choose("vague_decoy") end, "must return true (it replaced the event) or false, not a number")
  check_eq(g:stack(2, "land"), {"heavy_tanks", "vague_decoy"})
end)

scenario("a replacement never replaces the event it causes: Stubborn's own destroy happens", function()
  local g = target("stubborn")
  g:deploy("demolition", "sea")
  g:choose("stubborn")
  check_eq(g:stack(2, "land"), {"heavy_tanks"})
  local log = log_of(g, 1)
  local _, holds = log:gsub("stubborn holds", "")
  check_eq(holds, 1, log)
  check(log:find("stubborn holds (cause demolition, from land, kind destroy)", 1, true), log)
  check(log:find("is destroyed (to the bottom of the deck) instead of destroyed (by stubborn)", 1, true), log)
end)
