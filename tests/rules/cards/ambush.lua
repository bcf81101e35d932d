scenario("ambush: flips any uncovered card in any theater", function()
  local g = setup{
    hands = { {"ambush"}, {"transport"} },
    board = { { air = {"heavy_bombers"} }, { sea = {"escalation", "~super_battleship"}, land = {"cover_fire"} } },
  }
  g:deploy("ambush", "land")
  check_eq(g:decision().options, {"ambush", "cover_fire", "heavy_bombers", "super_battleship"})
  g:choose("super_battleship")
  check_eq(g:stack(2, "sea"), {"escalation", "super_battleship"})
end)
