scenario("heavy_bombers: strength 6, no ability", function()
  local g = setup{ hands = { {"heavy_bombers"}, {"ambush"} } }
  g:deploy("heavy_bombers", "air")
  check_eq(g:card_strength("heavy_bombers"), 6)
  check_eq(g:decision().kind, "turn")
  check_eq(g:to_act(), 2)
end)
