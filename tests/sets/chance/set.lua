-- A set whose ability draws before and after its question (the Python module's chance nodes,
-- tests/python/test_chance.py): the standard cards, with Gambler for Support.
return {
  name = "chance-test",
  api = 3,
  extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "gambler", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
  },
}
