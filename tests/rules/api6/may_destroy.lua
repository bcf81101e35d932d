-- Card script API 6: a ban on destroying, may_destroy (docs/modding.md, "Card script API 6").
-- Iron Bunker: "Your other cards in this theater cannot be destroyed"; g:destroy answers false.
local set = "../../sets/api6"  -- from this file's folder
local function said(g) return table.concat(g:messages(1), "\n"):match("demolition destroyed it: (%a+)") end

scenario("a banned destroy does nothing and g:destroy answers false", function()
  local g = setup{ cards = set, theaters = { "air", "land", "sea" },
                   board = { {}, { land = {"heavy_tanks", "iron_bunker"} } }, hands = { {"demolition", "support"}, {"transport"} } }
  g:deploy("demolition", "sea")
  check_eq(g:decision().options, {"iron_bunker"}, "only the uncovered card is offered")
  g:choose("iron_bunker")
  check_eq(said(g), "true", "the bunker itself may be destroyed")
  check_eq(g:stack(2, "land"), {"heavy_tanks"})
end)

scenario("the card it shelters stays, and nothing is told of a destroy", function()
  local g = setup{ cards = set, theaters = { "air", "land", "sea" },
                   board = { {}, { land = {"iron_bunker", "heavy_tanks"} } }, hands = { {"demolition", "support"}, {"transport"} } }
  g:deploy("demolition", "sea")
  g:choose("heavy_tanks")
  check_eq(said(g), "false")
  check_eq(g:stack(2, "land"), {"iron_bunker", "heavy_tanks"})
  local log = table.concat(g:messages(2), "\n")
  check(log:find("destroys heavy_tanks", 1, true) == nil, log)
end)
