-- Cards that misuse API 5's verbs, one way per number of cards left in their owner's hand
-- (tests/rules/api5): each misuse is refused with its message and the game is left as it was.
return {
  name = "api5_refusals", api = 5, extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "bad_loss", "slip", "bad_copy", "misuse",
  },
}
