-- A set for the texts scripts give the state (prompts, counters' names): the standard cards,
-- with Reworded for Support (tests/rules/api3/contract.lua).
return {
  name = "texts",
  api = 3,
  extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "reworded", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
  },
}
