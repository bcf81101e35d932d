-- g:measure: a designer's own measure (docs/variants.md, "Measures of your own"). It counts and
-- changes nothing: no seat reads it, the game goes on as without it.
local COUNT = "../../sets/rules/count_turns.lua"

scenario("g:measure counts toward its name, a battle_start hook's before the first decision too", function()
  local g = new_game{ rules = { COUNT }, seed = 5 }
  check_eq(g:measures(), { battles = 1 })
  g:act(g:legal()[1])
  local m = g:measures()
  check_eq(m.turns, 1)
  check_eq(m.battles, 1)
end)

scenario("g:measure changes nothing: the same game, the same lines, as without it", function()
  local with, without = new_game{ rules = { COUNT }, seed = 9 }, new_game{ seed = 9 }
  for _ = 1, 12 do
    if with:game_over() then break end
    local a = with:legal()[1]
    check_eq(without:legal()[1], a)
    with:act(a)
    without:act(a)
  end
  check_eq(with:view(1), without:view(1))
  check_eq(with:messages(1), without:messages(1), "no seat reads a measure")
  check(with:measures().turns >= 1)
  check_eq(without:measures(), {})
end)

scenario("g:measure refuses a name that is not a-z, 0-9 and _", function()
  local g = setup{ rules = { "../../sets/rules/bad_measure.lua" }, hands = { {"heavy_tanks"}, {"ambush"} } }
  check_error(function() g:deploy("heavy_tanks", "land") end, "a measure's name is 1 to 40 characters of a-z, 0-9 and _")
  check_eq(g:hand(1), {"heavy_tanks"}, "the game is as it was")
end)
