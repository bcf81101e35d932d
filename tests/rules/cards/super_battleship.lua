scenario("super_battleship: strength 6, deployed to sea only", function()
  local g = setup{ hands = { {"super_battleship"}, {"ambush"} } }
  check_error(function() g:deploy("super_battleship", "air") end, "illegal:")
  g:deploy("super_battleship", "sea")
  check_eq(g:strength(1, "sea"), 6)
  check_eq(g:controller("sea"), 1)
end)
