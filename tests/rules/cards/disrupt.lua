scenario("disrupt: each player flips one of their own uncovered cards", function()
  local g = setup{
    hands = { {"disrupt"}, {"transport"} },
    board = { { sea = {"~escalation"} }, { air = {"support", "heavy_bombers"} } },
  }
  g:deploy("disrupt", "land")
  g:choose("escalation")
  check_eq(g:decision().options, {"heavy_bombers"}, "a covered card cannot be chosen")
  g:choose("heavy_bombers")
  check_eq(g:stack(1, "sea"), {"escalation"})
  check_eq(g:stack(2, "air"), {"support", "~heavy_bombers"})
  check_eq(g:card_strength("heavy_bombers"), 2)
end)
