-- Card script API 6: a copier of any kind. Mimic, printed as ongoing ("while faceup, this card
-- has the ability of the card it covers"): an ongoing card's ability resolves as it comes faceup,
-- so it uses a covered instant's (g:use_ability); `copies` gives it a covered ongoing card's effects.
local set = "../../sets/api6"  -- from this file's folder

scenario("played faceup on an instant: the instant's ability resolves as Mimic's (how: copied)", function()
  local g = setup{ cards = set, board = { { land = {"~requisition"} } }, hands = { {"mimic", "support"}, {"heavy_tanks"} },
                   deck = {"transport"} }
  g:deploy("mimic", "land")
  local log = table.concat(g:messages(1), "\n")
  check(log:find("requisition how: copied", 1, true) ~= nil, log)
  check_eq(g:hand(1), {"support"}, "copied: Requisition takes no card")
end)

scenario("flipped faceup on a covered instant: the instant's question is asked of Mimic's owner", function()
  local g = setup{ cards = set, turn = 2, board = { { air = {"heavy_bombers"}, sea = {"~air_maneuver", "~mimic"} } },
                   hands = { {"support"}, {"land_maneuver"} } }
  g:deploy("land_maneuver", "land")  -- land is next to sea: player 2 flips Mimic faceup
  g:choose("mimic")
  local d = g:decision()
  check_eq(d.player, 1, "Air Maneuver's flip, as Mimic's: its owner chooses")
  check_eq(d.kind, "card")
end)

scenario("on an ongoing card: its effects are Mimic's while faceup", function()
  local g = setup{ cards = set, board = { { land = {"~support", "mimic"} } }, hands = { {"heavy_tanks"}, {"transport"} } }
  check_eq(g:strength(1, "air"), 3, "Support's +3 in adjacent theaters, as Mimic's")
end)
