-- Ruling 28: what each player may see.

scenario("ruling 28: the opponent's hand and facedown cards are hidden", function()
  local g = setup{
    hands = { {"heavy_tanks", "support"}, {"ambush"} },
    board = { { air = {"~containment"} }, { sea = {"~transport", "redeploy"} } },
  }
  local v = g:view(1)
  check_eq(v.hands[1], {"heavy_tanks", "support"})
  check_eq(v.hands[2], {"?"})
  check_eq(v.board[1].air, {"~containment"}, "own facedown cards are known")
  check_eq(v.board[2].sea, {"~?", "redeploy"})
  check_eq(v.deck_size, 12)
end)

scenario("ruling 28: a public card stays known when flipped facedown", function()
  local g = setup{
    hands = { {"land_maneuver"}, {"ambush"} },
    board = { {}, { sea = {"super_battleship"} } },
  }
  g:deploy("land_maneuver", "land")
  g:choose("super_battleship")
  check_eq(g:view(1).board[2].sea, {"~super_battleship"})
end)

scenario("ruling 28: a card flipped faceup becomes public", function()
  local g = setup{
    hands = { {"land_maneuver"}, {"ambush"} },
    board = { {}, { sea = {"~super_battleship"} } },
  }
  check_eq(g:view(1).board[2].sea, {"~?"})
  g:deploy("land_maneuver", "land")
  g:choose("super_battleship")
  check_eq(g:view(1).board[2].sea, {"super_battleship"})
end)

scenario("ruling 28: a public card returned to hand stays known while the hand keeps it", function()
  local g = setup{
    hands = { {"land_maneuver", "support"}, {"redeploy", "heavy_tanks"} },
    board = { {}, { air = {"disrupt"} } },
  }
  g:deploy("land_maneuver", "land")
  g:choose("disrupt")                 -- public, now facedown
  g:deploy("redeploy", "sea")
  g:choose("disrupt")                 -- back to player 2's hand
  check_eq(g:hand(2), {"heavy_tanks", "disrupt"})
  check_eq(g:view(1).hands[2], {"?", "disrupt"})
  check(g:knows(1, "disrupt"))
  check_eq(g:view(1).deduced, {})
end)

scenario("ruling 28: a public card destroyed to the deck stays known; a hidden one does not", function()
  local g = setup{
    hands = { {"ambush", "heavy_bombers"}, {"transport", "heavy_tanks"} },
    board = { { sea = {"blockade"}, land = {"~support", "~escalation"} }, { air = {"containment"}, land = {"~disrupt"} } },
    deck = {},
  }
  g:deploy("ambush", "land")            -- destroyed by Blockade as played: it was faceup
  g:improvise("transport", "air")       -- destroyed by Containment: facedown
  check_eq(g:deck(), {"ambush", "transport"})
  check_eq(g:view(1).deck_known, {"ambush"})
  check_eq(g:view(2).deck_known, {"ambush", "transport"})
  check_eq(g:view(1).deck_size, 2)
end)

scenario("ruling 28: cards a scenario places faceup are public", function()
  local g = setup{ board = { { air = {"support"} }, { land = {"heavy_tanks", "~ambush"} } } }
  check_eq(g:view(1).board[2].land, {"heavy_tanks", "~?"})
  check_eq(g:view(2).board[1].air, {"support"})
end)

scenario("ruling 28: a choice of a card the other player does not know names where it lies", function()
  local g = setup{
    hands = { {"redeploy", "support"}, {"ambush"} },
    board = { { land = {"~heavy_tanks"} }, {} },
  }
  g:deploy("redeploy", "sea")
  check_eq(g:decision().kind, "card")
  g:choose("heavy_tanks")
  local theirs, mine = table.concat(g:messages(2), "\n"), table.concat(g:messages(1), "\n")
  check(theirs:find("player 1 chooses a facedown card of player 1 in land", 1, true) ~= nil, theirs)
  check(theirs:find("heavy_tanks", 1, true) == nil, "the card stays hidden: " .. theirs)
  check(mine:find("player 1 chooses heavy_tanks", 1, true) ~= nil, mine)
end)

scenario("ruling 28: a choice among hand cards says whose hand, not 'a facedown card'", function()
  local g = setup{ cards = "../../sets/hidden_choice", hands = { {"spy", "alpha"}, {"bravo", "charlie"} } }
  g:deploy("spy", "air")
  g:choose("bravo")
  local chooser, owner = table.concat(g:messages(1), "\n"), table.concat(g:messages(2), "\n")
  check(chooser:find("player 1 chooses a card in player 2's hand", 1, true) ~= nil, chooser)
  check(chooser:find("facedown", 1, true) == nil, "nothing facedown was chosen: " .. chooser)
  check(owner:find("player 1 chooses bravo", 1, true) ~= nil, "the hand's owner knows the card: " .. owner)
end)
