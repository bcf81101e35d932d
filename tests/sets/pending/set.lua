-- Test cards for ruling 29 (tests/rules/rulings/timing.lua): instants that take a card off the
-- board while that card's own instant is due, with the standard cards around them.
return {
  name = "pending", api = 4, extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "sapper", "evacuate", "recast", "tally", "last_stand",
  },
}
