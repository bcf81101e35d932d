-- Orbit: four theaters (air, land, sea, space) and 24 cards: the Revised Edition's 18 and six of
-- space, written from docs/modding.md. docs/agents.md measures what `als train` gives in its game:
--   als train docs/examples/orbit --minutes 20
return {
  name = "orbit",
  api = 2,
  description = "Four theaters and 24 cards: the standard set with a space theater",
  extends = "standard",
  theaters = { "air", "land", "sea", "space" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "orbital_relay", "satellite", "launch_pad", "orbital_strike", "space_station", "mothership",
  },
  rules = { hand_size = 8 },
}
