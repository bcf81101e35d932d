-- Declared abilities (docs/modding.md, "Declared abilities"): { flip = filter } carried out by the
-- engine, and use("flip").one called from an ability function at run time.
local set = "../../sets/declared"  -- from this file's folder

scenario("a declared flip: the card's owner chooses among the filter's cards only", function()
  local g = setup{ cards = set, order = { "air", "land", "sea" }, hands = { {"sapper"}, {"gunner"} },
                   board = { { sea = {"~ship"} }, { air = {"~plane"}, land = {"~tank"} } } }
  g:deploy("sapper", "land")
  check_eq(g:decision(), { player = 1, kind = "card", options = { "plane", "tank" } },
           "player 2's facedown cards, not player 1's ship")
  g:choose("tank")
  check_eq(g:stack(2, "land"), {"tank"}, "flipped faceup")
  check_eq(g:decision().player, 2, "then player 2's turn")
end)

scenario("a declared flip with no card to flip is skipped (ruling 14)", function()
  local g = setup{ cards = set, order = { "air", "land", "sea" }, hands = { {"sapper"}, {"gunner"} },
                   board = { { sea = {"~ship"} }, { air = {"plane"} } } }
  g:deploy("sapper", "land")
  check_eq(g:decision(), { player = 2, kind = "turn", options = g:legal() }, "no question: player 2 acts")
end)

scenario("use('flip').one called inside an ability function does what the declaration does", function()
  local g = setup{ cards = set, order = { "air", "land", "sea" }, hands = { {"scout"}, {"gunner"} },
                   board = { { sea = {"~ship"} }, { land = {"~tank"} } } }
  g:deploy("scout", "air")
  check_eq(g:decision(), { player = 1, kind = "card", options = { "ship", "tank" } }, "both players' facedown cards")
  g:choose("ship")
  check_eq(g:stack(1, "sea"), {"ship"}, "flipped faceup")
end)
