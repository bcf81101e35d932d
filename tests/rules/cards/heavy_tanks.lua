scenario("heavy_tanks: strength 6, 2 when facedown", function()
  local g = setup{ hands = { {"heavy_tanks"}, {"ambush"} } }
  g:improvise("heavy_tanks", "air")
  check_eq(g:card_strength("heavy_tanks"), 2)
  check_eq(g:strength(1, "air"), 2)
end)
