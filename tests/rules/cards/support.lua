scenario("support: +3 to its owner in each adjacent theater", function()
  local g = setup{ hands = { {"support"}, {"ambush"} }, board = { { land = {"~heavy_tanks"} }, {} } }
  g:deploy("support", "air")
  check_eq(g:strength(1, "land"), 5)
  check_eq(g:strength(1, "air"), 1)
  check_eq(g:strength(2, "land"), 0, "not to the opponent")
end)

scenario("support: no bonus while facedown", function()
  local g = setup{ board = { { air = {"~support"} }, {} } }
  check_eq(g:strength(1, "land"), 0)
end)
