-- Card script API 6: how an instant came faceup, its ability's third argument (docs/modding.md,
-- "Card script API 6"): "played", "flipped" or "copied".
local set = "../../sets/api6"  -- from this file's folder
local function said(g) return table.concat(g:messages(1), "\n"):match("requisition how: (%a+)") end

scenario("played faceup: 'played', and Requisition takes the deck's top card", function()
  local g = setup{ cards = set, hands = { {"requisition", "support"}, {"heavy_tanks"} }, deck = {"transport", "ambush"} }
  g:deploy("requisition", "air")
  check_eq(said(g), "played")
  check_eq(g:hand(1), {"support", "transport"})
end)

scenario("flipped faceup: 'flipped', and Requisition takes nothing", function()
  local g = setup{ cards = set, turn = 2, board = { { air = {"~requisition"} } },
                   hands = { {"support"}, {"land_maneuver"} }, deck = {"transport"} }
  g:deploy("land_maneuver", "land")
  g:choose("requisition")
  check_eq(said(g), "flipped")
  check_eq(g:hand(1), {"support"})
  check_eq(g:deck(), {"transport"})
end)

scenario("used by another card's ability: 'copied'", function()
  local g = setup{ cards = set, hands = { {"echo_relay"}, {"heavy_tanks"} }, deck = {"transport"} }
  g:deploy("echo_relay", "land")
  check_eq(said(g), "copied")
  check_eq(g:hand(1), {})
end)
