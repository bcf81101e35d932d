-- Air, Land & Sea, Revised Edition: the 18 battle cards (docs/rulings.md settles their open questions).
return {
  name = "standard",
  api = 1,
  description = "Air, Land & Sea, Revised Edition (Arcane Wonders)",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
  },
}
