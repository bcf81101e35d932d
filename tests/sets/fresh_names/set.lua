-- A set whose ability names a fresh counter on every call (issue 36): the standard cards, with
-- Namer for Support. Every game names counters no other game names; a game's names live as long
-- as the game, so 100,000 games of it play with no failed game (tests/cli/hostile3_test.sh).
return {
  name = "fresh-names",
  api = 4,
  extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "namer", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
  },
}
