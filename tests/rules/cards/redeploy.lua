scenario("redeploy: returns a facedown card and plays a card at once", function()
  local g = setup{
    hands = { {"redeploy", "support"}, {"ambush"} },
    board = { { land = {"~land_maneuver"} }, { sea = {"super_battleship"} } },
  }
  g:deploy("redeploy", "sea")
  check_eq(g:decision().options, {"land_maneuver", "none"})
  g:choose("land_maneuver")
  check_eq(g:hand(1), {"support", "land_maneuver"})
  g:deploy("land_maneuver", "land")
  check_eq(g:decision().options, {"redeploy", "super_battleship"}, "the played Maneuver resolves")
  g:choose("super_battleship")
  check_eq(g:stack(2, "sea"), {"~super_battleship"})
  check_eq(g:to_act(), 2)
end)

scenario("redeploy: a covered facedown card may be returned", function()
  local g = setup{
    hands = { {"redeploy"}, {"ambush"} },
    board = { { air = {"~heavy_tanks", "support"} }, {} },
  }
  g:deploy("redeploy", "sea")
  g:choose("heavy_tanks")
  check_eq(g:stack(1, "air"), {"support"})
  g:improvise("heavy_tanks", "air")
  check_eq(g:stack(1, "air"), {"support", "~heavy_tanks"})
end)
