scenario("land_maneuver: flips a facedown card faceup, which then uses its ability", function()
  local g = setup{
    hands = { {"land_maneuver"}, {"ambush"} },
    board = { { sea = {"~escalation"}, air = {"~heavy_tanks"} }, {} },
  }
  g:deploy("land_maneuver", "land")
  check_eq(g:decision().options, {"escalation", "heavy_tanks"})
  g:choose("escalation")
  check_eq(g:card_strength("heavy_tanks"), 4)
end)
