-- A card with a slip in its trigger (Brittle) beside one that destroys it (Sapper, as in the set
-- "pending"): a script error names the card whose ability set the trigger off (tests/rules/rulings/timing.lua).
return {
  name = "set_off", api = 4, extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "sapper", "brittle",
  },
}
