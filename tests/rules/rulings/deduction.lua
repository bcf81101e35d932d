-- Ruling 30: knowledge by deduction. A player who knew cards of the other player's hand and sees
-- a card of it played facedown knows that those cards lie among the hand and the card played.

-- Player 2's hand: heavy_tanks (hidden) and disrupt (public: flipped by Land Maneuver, then
-- returned by Redeploy). Player 2 then improvises `played` in air.
local function returned_then_improvised(played)
  local g = setup{
    hands = { {"land_maneuver", "support"}, {"redeploy", "heavy_tanks"} },
    board = { {}, { air = {"disrupt"} } },
  }
  g:deploy("land_maneuver", "land")
  g:choose("disrupt")
  g:deploy("redeploy", "sea")
  g:choose("disrupt")
  g:improvise(played, "air")
  return g
end

scenario("ruling 30: a known card in a hand that improvises lies among the hand and the card played", function()
  local g = returned_then_improvised("heavy_tanks")
  local v = g:view(1)
  check_eq(v.hands[2], {"?"})
  check_eq(v.board[2].air, {"~?"})
  check(not g:knows(1, "disrupt"), "player 1 cannot tell which card went")
  check_eq(#v.deduced, 1)
  check_eq(v.deduced[1].cards, {"disrupt"})
  check_eq(v.deduced[1].hands, {0, 1})
  check_eq(v.deduced[1].board, {"2:air:1"})
  check_eq(v.deduced[1].deck, 0)
  check_eq(v.deduced[1].text, "disrupt is among player 2's facedown card in air (1st from the bottom), 1 card of player 2's hand")
  check_eq(g:view(2).deduced, {}, "player 2 knows their own cards")
end)

scenario("ruling 30: the other player reads the same whichever card was improvised", function()
  local a, b = returned_then_improvised("heavy_tanks"), returned_then_improvised("disrupt")
  check_eq(a:view(1), b:view(1))
  check(a:view(2).hands[2][1] ~= b:view(2).hands[2][1], "the two games differ for player 2")
  local ma, mb = table.concat(a:messages(1), "\n"), table.concat(b:messages(1), "\n")
  check_eq(ma, mb)
end)

scenario("ruling 30: a whole hand known, improvised: each place holds one of its cards", function()
  local g = setup{
    hands = { {"heavy_bombers"}, {"heavy_tanks", "super_battleship"} },
    known = { [1] = {"heavy_tanks", "super_battleship"} },
    turn = 2,
  }
  check_eq(g:view(1).hands[2], {"heavy_tanks", "super_battleship"})
  g:improvise("super_battleship", "land")
  local v = g:view(1)
  check_eq(v.hands[2], {"?"})
  check_eq(v.board[2].land, {"~?"})
  check_eq(v.deduced[1].cards, {"heavy_tanks", "super_battleship"})
  check_eq(v.deduced[1].text,
    "heavy_tanks, super_battleship are among player 2's facedown card in land (1st from the bottom), 1 card of player 2's hand (one each)")
  check_eq(v.deck_known, {}, "neither card is in the deck, and the deck shows none")
end)

scenario("ruling 30: a card learned leaves the deduction, and one card left in one place is known", function()
  local g = setup{
    hands = { {"heavy_bombers", "air_maneuver"}, {"heavy_tanks", "super_battleship"} },
    known = { [1] = {"heavy_tanks", "super_battleship"} },
    turn = 2,
  }
  g:improvise("heavy_tanks", "land")
  g:deploy("heavy_bombers", "air")
  g:deploy("super_battleship", "sea")   -- public now: the facedown card in land is the other
  local v = g:view(1)
  check_eq(v.deduced, {})
  check_eq(v.board[2].land, {"~heavy_tanks"})
  check(g:knows(1, "heavy_tanks"))
end)

scenario("ruling 30: the hand's one card, known and improvised, stays known", function()
  local g = setup{
    hands = { {"heavy_bombers"}, {"heavy_tanks"} },
    known = { [1] = {"heavy_tanks"} },
    turn = 2,
  }
  g:improvise("heavy_tanks", "air")
  check_eq(g:view(1).board[2].air, {"~heavy_tanks"})
  check_eq(g:view(1).deduced, {})
end)

scenario("ruling 30: a card flipped faceup from the deduction's places narrows it", function()
  local g = setup{
    hands = { {"air_maneuver"}, {"heavy_tanks", "super_battleship", "cover_fire"} },
    known = { [1] = {"heavy_tanks", "super_battleship"} },
    turn = 2,
  }
  g:improvise("cover_fire", "land")     -- an unknown card went: both known cards lie in the hand or land
  local v = g:view(1)
  check_eq(v.deduced[1].cards, {"heavy_tanks", "super_battleship"})
  check_eq(v.deduced[1].hands, {0, 2})
  check_eq(v.deduced[1].board, {"2:land:1"})
  g:deploy("air_maneuver", "air")       -- flips the card in land, adjacent: cover_fire, not one of them
  g:choose("cover_fire")
  v = g:view(1)
  check_eq(v.board[2].land, {"cover_fire"})
  check_eq(v.deduced[1].board, {})
  check_eq(v.deduced[1].text, "heavy_tanks, super_battleship are among 2 cards of player 2's hand (one each)")
end)

scenario("ruling 30: deductions end with the battle", function()
  local g = returned_then_improvised("heavy_tanks")
  check_eq(#g:view(1).deduced, 1)
  g:withdraw()
  check_eq(g:battle(), 2)
  check_eq(g:view(1).deduced, {})
end)
