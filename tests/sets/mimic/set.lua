-- Mimic (card script API 5: copies, g:ability_of, g:use_ability; tests/rules/api5/mimic.lua),
-- with the standard cards and three that have what no standard card has: a trigger, an ongoing
-- function and a lasting effect of their own.
return {
  name = "mimic", api = 5, extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "mimic", "watchman", "bulwark", "flare", "echo",
  },
}
