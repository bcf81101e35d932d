-- The first printing's global rules (docs/rulings.md: rulings 12, 21, 26 for `original`).

scenario("original: a covered card can never be flipped", function()
  local g = setup{
    cards = "original",
    hands = { {"air_maneuver"}, {"ambush"} },
    board = { {}, { land = {"~heavy_tanks", "cover_fire"} } },
  }
  g:deploy("air_maneuver", "air")
  check_eq(g:decision().options, {"cover_fire"}, "the covered Heavy Tanks is no target")
end)

scenario("original: Ambush flips any uncovered card, not a covered one", function()
  local g = setup{
    cards = "original",
    hands = { {"ambush"}, {"transport"} },
    board = { { air = {"~support", "heavy_bombers"} }, { sea = {"escalation"} } },
  }
  g:deploy("ambush", "land")
  check_eq(g:decision().options, {"ambush", "escalation", "heavy_bombers"})
end)

scenario("ruling 12 (original): a revealed instant takes effect at once, before the rest", function()
  -- Disrupt: the opponent flips first. Their Ambush, revealed, resolves before Disrupt goes on.
  local g = setup{
    cards = "original",
    hands = { {"disrupt"}, {"transport"} },
    board = { { sea = {"~heavy_tanks"} }, { air = {"~ambush"} } },
  }
  g:deploy("disrupt", "land")
  check_eq(g:decision().player, 2, "the opponent flips first")
  g:choose("ambush")
  local d = g:decision()
  check_eq(d.player, 2, "Ambush resolves at once: its owner chooses now")
  check_eq(d.options, {"ambush", "disrupt", "heavy_tanks"})
  g:choose("heavy_tanks")
  check_eq(g:stack(1, "sea"), {"heavy_tanks"})
  check_eq(g:decision().player, 1, "then Disrupt goes on: its owner flips")
end)

scenario("ruling 12 (original): an instant flipped facedown mid-resolution is interrupted", function()
  local g = setup{
    cards = "original",
    hands = { {"disrupt", "support"}, {"transport"} },
    board = { { sea = {"~heavy_tanks"} }, { air = {"~air_maneuver"} } },
  }
  g:deploy("disrupt", "land")
  g:choose("air_maneuver")   -- player 2 reveals Air Maneuver, which resolves at once
  check_eq(g:decision().player, 2)
  g:choose("disrupt")        -- and flips Disrupt facedown
  check_eq(g:stack(1, "land"), {"~disrupt"})
  check_eq(g:decision().kind, "turn", "Disrupt stops: player 1 never flips")
  check_eq(g:to_act(), 2)
  check_eq(g:stack(1, "sea"), {"~heavy_tanks"})
end)

scenario("standard, for contrast: the same Disrupt finishes", function()
  local g = setup{
    hands = { {"disrupt", "support"}, {"transport"} },
    board = { { sea = {"~heavy_tanks"} }, { air = {"~air_maneuver"} } },
  }
  g:deploy("disrupt", "land")
  g:choose("heavy_tanks")     -- standard: the owner flips first
  g:choose("air_maneuver")
  g:choose("disrupt")         -- Air Maneuver resolves after Disrupt
  check_eq(g:stack(1, "sea"), {"heavy_tanks"})
end)
