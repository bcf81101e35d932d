-- An example variant: the Revised Edition plus two new cards. Load it with
--   als play --cards docs/examples/supply-lines
-- Cards it does not define itself come from the set it extends.
return {
  name = "supply-lines",
  api = 1,
  description = "Revised Edition + Supply Convoy (supply tokens) + Sabotage",
  extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "supply_convoy", "sabotage",
  },
}
