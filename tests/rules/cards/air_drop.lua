scenario("air_drop: the owner's next card may go to a non-matching theater", function()
  local g = setup{ hands = { {"air_drop", "super_battleship"}, {"ambush", "transport"} } }
  g:deploy("air_drop", "air")
  g:improvise("ambush", "land")
  g:deploy("super_battleship", "air")
  check_eq(g:stack(1, "air"), {"air_drop", "super_battleship"})
end)

scenario("air_drop: only the next play, then the permission is gone", function()
  local g = setup{ hands = { {"air_drop", "support", "heavy_tanks"}, {"ambush", "transport"} } }
  g:deploy("air_drop", "air")
  g:improvise("ambush", "land")
  g:deploy("support", "air")  -- matching anyway: the permission is used up
  g:improvise("transport", "sea")
  check_error(function() g:deploy("heavy_tanks", "air") end, "illegal:")
end)

scenario("air_drop: the permission is its owner's, not the opponent's", function()
  local g = setup{ hands = { {"air_drop"}, {"heavy_tanks"} } }
  g:deploy("air_drop", "air")
  check_error(function() g:deploy("heavy_tanks", "sea") end, "illegal:")
end)
