scenario("containment: the opponent's facedown play is destroyed", function()
  local g = setup{ hands = { {"containment", "support"}, {"heavy_tanks"} }, deck = {} }
  g:deploy("containment", "air")
  g:improvise("heavy_tanks", "sea")
  check_eq(g:stack(2, "sea"), {})
  check_eq(g:deck(), {"heavy_tanks"})
end)

scenario("containment: no effect while facedown", function()
  local g = setup{ hands = { {"heavy_tanks"}, {"ambush"} }, board = { { air = {"~containment"} }, {} } }
  g:improvise("heavy_tanks", "sea")
  check_eq(g:stack(1, "sea"), {"~heavy_tanks"})
end)
