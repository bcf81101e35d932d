scenario("reinforce: draws the top card and plays it facedown to an adjacent theater", function()
  local g = setup{ hands = { {"reinforce"}, {"ambush"} }, deck = {"heavy_tanks", "support"} }
  g:deploy("reinforce", "land")
  check_eq(g:decision().card, "heavy_tanks")
  g:choose("sea")
  check_eq(g:stack(1, "sea"), {"~heavy_tanks"})
  check_eq(g:deck(), {"support"})
  check_eq(g:to_act(), 2)
end)

scenario("reinforce: from an end theater only the middle is adjacent", function()
  local g = setup{ theaters = {"land", "air", "sea"}, hands = { {"reinforce"}, {"ambush"} } }
  g:deploy("reinforce", "land")
  check_eq(g:decision().options, {"air"}, "one option is still asked")
end)

scenario("reinforce: the drawn card is hidden from the opponent", function()
  local g = setup{ hands = { {"reinforce"}, {"ambush"} }, deck = {"heavy_tanks"} }
  g:deploy("reinforce", "land")
  g:choose("air")
  check_eq(g:view(2).board[1].air, {"~?"})
  check_eq(g:view(1).board[1].air, {"~heavy_tanks"})
end)
