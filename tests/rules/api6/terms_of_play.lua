-- Card script API 6: a card that sets the terms of its own play (docs/modding.md, "Card script
-- API 6"). Desperate Measures: "You may play this card faceup only while you have fewer VP than
-- your opponent": its own may_play, in its own file; the board's functions and effects narrow it after.
local set = "../../sets/api6"  -- from this file's folder
local function legal(g, text)
  for _, a in ipairs(g:legal()) do if a == text then return true end end
  return false
end

scenario("behind: it may be deployed faceup", function()
  local g = setup{ cards = set, score = {2, 5}, hands = { {"desperate_measures", "support"}, {"heavy_tanks"} } }
  check(legal(g, "deploy desperate_measures sea"))
  g:deploy("desperate_measures", "sea")
  check_eq(g:stack(1, "sea"), {"desperate_measures"})
end)

scenario("level or ahead: only facedown", function()
  for _, score in ipairs{ {0, 0}, {6, 3} } do
    local g = setup{ cards = set, score = score, hands = { {"desperate_measures", "support"}, {"heavy_tanks"} } }
    check(not legal(g, "deploy desperate_measures sea"), "level or ahead")
    check(legal(g, "improvise desperate_measures sea"))
    check_error(function() g:deploy("desperate_measures", "sea") end, "illegal")
  end
end)

scenario("the board's bans narrow its terms after: facedown allowed, then Containment destroys it", function()
  -- Aerodrome lets a strength 3 or less card go anywhere: Desperate Measures is 5, so not that.
  -- Containment (faceup on the board) destroys any facedown play: its own terms allow facedown, Containment then destroys it.
  local g = setup{ cards = set, score = {0, 0}, board = { {}, { land = {"containment"} } },
                   hands = { {"desperate_measures", "support"}, {"heavy_tanks"} } }
  check(legal(g, "improvise desperate_measures sea"))
  g:improvise("desperate_measures", "sea")
  check_eq(g:stack(1, "sea"), {}, "destroyed as played by Containment")
end)
