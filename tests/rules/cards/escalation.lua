scenario("escalation: all of its owner's facedown cards are strength 4", function()
  local g = setup{
    hands = { {"escalation"}, {"ambush"} },
    board = { { air = {"~heavy_tanks"}, land = {"~support", "~reinforce"} }, { air = {"~disrupt"} } },
  }
  g:deploy("escalation", "sea")
  check_eq(g:strength(1, "land"), 8)
  check_eq(g:strength(1, "air"), 4)
  check_eq(g:strength(2, "air"), 2)
end)
