-- A set declaring api = 3 whose card calls API 4 and API 5 verbs: refused, naming the API needed
-- (tests/rules/api5/vp.lua); a house rule may use every verb with it (rules/toll.lua).
return {
  name = "api_low", api = 3, extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "overreach",
  },
}
