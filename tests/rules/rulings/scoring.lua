-- Ruling 27: victory points.

scenario("ruling 27: a battle played out scores 6 VP for its winner", function()
  local g = setup{ hands = { {"heavy_tanks"}, {} }, score = {2, 3} }
  g:deploy("heavy_tanks", "land")
  check_eq(g:last_battle(), { number = 1, winner = 1, vp = 6, reason = "control" })
  check_eq(g:score(1), 8)
  check_eq(g:score(2), 3)
end)

local function withdraw_vp(first, withdrawer, cards)
  local hand = {}
  local ids = {"support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers", "reinforce"}
  for i = 1, cards do hand[i] = ids[i] end
  local hands = { {}, {} }
  hands[withdrawer] = hand
  hands[3 - withdrawer] = {"heavy_tanks"}
  local g = setup{ first = first, turn = withdrawer, hands = hands }
  g:withdraw()
  local lb = g:last_battle()
  check_eq(lb.winner, 3 - withdrawer)
  check_eq(lb.reason, "withdraw")
  return lb.vp
end

scenario("ruling 27: the 1st player's withdrawal chart", function()
  check_eq(withdraw_vp(1, 1, 6), 2)
  check_eq(withdraw_vp(1, 1, 4), 2)
  check_eq(withdraw_vp(1, 1, 3), 3)
  check_eq(withdraw_vp(1, 1, 2), 3)
  check_eq(withdraw_vp(1, 1, 1), 4)
  check_eq(withdraw_vp(1, 1, 0), 6)
end)

scenario("ruling 27: the 2nd player's withdrawal chart", function()
  check_eq(withdraw_vp(1, 2, 6), 2)
  check_eq(withdraw_vp(1, 2, 5), 2)
  check_eq(withdraw_vp(1, 2, 4), 3)
  check_eq(withdraw_vp(1, 2, 3), 3)
  check_eq(withdraw_vp(1, 2, 2), 4)
  check_eq(withdraw_vp(1, 2, 1), 6)
  check_eq(withdraw_vp(1, 2, 0), 6)
end)

scenario("ruling 27: the chart is the withdrawing player's own commander's", function()
  -- Player 2 holds the 1st-player commander here.
  check_eq(withdraw_vp(2, 2, 4), 2)
  check_eq(withdraw_vp(2, 1, 4), 3)
end)

scenario("ruling 27: first to 12 VP wins the game", function()
  local g = setup{ hands = { {"heavy_tanks"}, {} }, score = {6, 10} }
  g:deploy("heavy_tanks", "land")
  check(g:game_over())
  check_eq(g:winner(), 1)
  check_eq(g:score(1), 12)
  check_eq(g:legal(), {})
  check_eq(g:decision(), nil)
  check_eq(g:to_act(), nil)
  check_eq(g:battle(), 1, "the number of the last battle")
  check_error(function() g:withdraw() end, "illegal:")
end)

scenario("ruling 27: a withdrawal can end the game", function()
  local g = setup{ hands = { {"heavy_tanks"}, {"ambush"} }, score = {0, 8} }  -- 1 card left: 4 VP
  g:withdraw()
  check(g:game_over())
  check_eq(g:winner(), 2)
  check_eq(g:score(2), 12)
end)

scenario("ruling 27: random games end with a winner of at least 12 VP", function()
  for seed = 1, 20 do
    local g = new_game{ seed = seed }
    local steps = 0
    while not g:game_over() do
      local legal = g:legal()
      local pick = legal[(seed * 7 + steps) % #legal + 1]
      if pick == "withdraw" and #legal > 1 then pick = legal[1] end
      g:act(pick)
      steps = steps + 1
      check(steps < 2000, "the game ends")
    end
    check(g:score(g:winner()) >= 12)
  end
end)
