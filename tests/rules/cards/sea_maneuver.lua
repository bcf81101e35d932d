scenario("sea_maneuver: from the right end it reaches only the middle", function()
  local g = setup{
    hands = { {"sea_maneuver"}, {"ambush"} },
    board = { { air = {"heavy_bombers"} }, { land = {"~heavy_tanks"} } },
  }
  g:deploy("sea_maneuver", "sea")
  check_eq(g:decision().options, {"heavy_tanks"})
  g:choose("heavy_tanks")
  check_eq(g:stack(2, "land"), {"heavy_tanks"})
end)
