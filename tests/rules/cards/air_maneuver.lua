scenario("air_maneuver: flips an uncovered card in an adjacent theater", function()
  local g = setup{
    hands = { {"air_maneuver"}, {"ambush"} },
    board = { {}, { land = {"heavy_tanks", "cover_fire"} } },
  }
  g:deploy("air_maneuver", "air")
  check_eq(g:decision().options, {"cover_fire"}, "a covered card is not a target")
  g:choose("cover_fire")
  check_eq(g:stack(2, "land"), {"heavy_tanks", "~cover_fire"})
  check_eq(g:card_strength("heavy_tanks"), 6)
end)
