-- Hand triggers (card script API 5; tests/rules/api5/hand_triggers.lua): Ambush Party, a
-- reaction played from the hand out of turn, with the standard cards.
return {
  name = "reactions", api = 5, extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "ambush_party",
  },
}
