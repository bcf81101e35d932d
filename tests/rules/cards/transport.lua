scenario("transport: may decline", function()
  local g = setup{ hands = { {"transport"}, {"ambush"} }, board = { { land = {"heavy_tanks"} }, {} } }
  g:deploy("transport", "sea")
  g:choose("none")
  check_eq(g:stack(1, "land"), {"heavy_tanks"})
  check_eq(g:to_act(), 2)
end)

scenario("transport: a moved card covers the cards where it lands", function()
  local g = setup{
    hands = { {"transport"}, {"ambush"} },
    board = { { land = {"heavy_tanks"}, air = {"~support"} }, {} },
  }
  g:deploy("transport", "sea")
  g:choose("heavy_tanks")
  g:choose("air")
  check_eq(g:stack(1, "air"), {"~support", "heavy_tanks"})
  check_eq(g:stack(1, "land"), {})
end)
