-- The first printing's card texts (the first printing, as cards/original/ has them).

scenario("original air_drop: the permission lasts for the owner's next turn", function()
  local g = setup{ cards = "original", hands = { {"air_drop", "heavy_tanks", "transport"}, {"ambush", "support"} } }
  g:deploy("air_drop", "air")
  check_error(function() g:deploy("ambush", "sea") end, "illegal:")  -- not the opponent's
  g:improvise("ambush", "sea")
  g:deploy("heavy_tanks", "sea")   -- player 1's next turn: non-matching is allowed
  check_eq(g:stack(1, "sea"), {"heavy_tanks"})
  g:improvise("support", "land")
  check_error(function() g:deploy("transport", "air") end, "illegal:")  -- the turn after: gone
end)

scenario("original reinforce: may decline; the card stays on top of the deck", function()
  local g = setup{ cards = "original", hands = { {"reinforce"}, {"ambush"} }, deck = {"heavy_tanks", "support"} }
  g:deploy("reinforce", "land")
  check_eq(g:decision().options, {"air", "none", "sea"})
  check_eq(g:decision().card, "heavy_tanks")
  check_eq(g:deck(), {"heavy_tanks", "support"}, "looked at, not drawn: it stays in the deck while you decide")
  check_eq(g:view(2).deck_known, {}, "the opponent does not learn it")
  check_eq(g:view(1).deck_known, {"heavy_tanks"})
  g:choose("none")
  check_eq(g:deck(), {"heavy_tanks", "support"})
  check_eq(g:to_act(), 2)
end)

scenario("original reinforce: played facedown to an adjacent theater", function()
  local g = setup{ cards = "original", hands = { {"reinforce"}, {"ambush"} }, deck = {"heavy_tanks", "support"} }
  g:deploy("reinforce", "land")
  g:choose("sea")
  check_eq(g:stack(1, "sea"), {"~heavy_tanks"})
end)

scenario("ruling 26 (original): Redeploy is mandatory and gives an extra turn", function()
  local g = setup{
    cards = "original",
    hands = { {"redeploy", "support"}, {"ambush", "transport"} },
    board = { { air = {"~heavy_tanks"} }, {} },
  }
  g:deploy("redeploy", "sea")
  check_eq(g:decision().options, {"heavy_tanks"}, "no 'none'")
  g:choose("heavy_tanks")
  check_eq(g:hand(1), {"support", "heavy_tanks"})
  check_eq(g:to_act(), 1, "the extra turn comes right after")
  g:deploy("heavy_tanks", "land")
  check_eq(g:to_act(), 2)
end)

scenario("ruling 26 (original): won during the opponent's turn, two turns in a row", function()
  local g = setup{
    cards = "original",
    hands = { {"support", "heavy_tanks", "transport"}, {"land_maneuver", "ambush"} },
    board = { { sea = {"~redeploy"}, air = {"~heavy_bombers"} }, {} },
    turn = 2,
  }
  g:deploy("land_maneuver", "land")
  g:choose("redeploy")          -- player 2 reveals player 1's Redeploy, which resolves at once
  check_eq(g:decision().player, 1)
  g:choose("heavy_bombers")
  check_eq(g:to_act(), 1)
  g:deploy("support", "air")
  check_eq(g:to_act(), 1, "player 1's second turn in a row")
  g:deploy("heavy_tanks", "land")
  check_eq(g:to_act(), 2)
end)

scenario("original disrupt: the opponent flips first, then the owner", function()
  local g = setup{
    cards = "original",
    hands = { {"disrupt"}, {"ambush"} },
    board = { { air = {"heavy_bombers"} }, { sea = {"super_battleship"} } },
  }
  g:deploy("disrupt", "land")
  check_eq(g:decision(), { player = 2, kind = "card", options = {"super_battleship"} })
  g:choose("super_battleship")
  check_eq(g:decision(), { player = 1, kind = "card", options = {"disrupt", "heavy_bombers"} })
end)

scenario("original containment and blockade: discard with no effect", function()
  local g = setup{
    cards = "original",
    hands = { {"ambush", "heavy_tanks"}, {"transport"} },
    board = { { air = {"containment"}, sea = {"blockade"}, land = {"~support", "~escalation"} },
              { land = {"~disrupt"} } },
  }
  g:deploy("ambush", "land")
  check_eq(g:stack(1, "land"), {"~support", "~escalation"})
  g:improvise("transport", "sea")
  check_eq(g:stack(2, "sea"), {})
end)

scenario("original: whole random games play to the end", function()
  for seed = 1, 10 do
    local g = new_game{ cards = "original", seed = seed }
    local steps = 0
    while not g:game_over() do
      local legal = g:legal()
      local pick = legal[(seed + steps * 5) % #legal + 1]
      if pick == "withdraw" and #legal > 1 then pick = legal[1] end
      g:act(pick)
      steps = steps + 1
      check(steps < 2000)
    end
  end
end)
