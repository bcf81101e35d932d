-- Air, Land & Sea, first printing (2019). Its three global rules differ from the Revised
-- Edition's (docs/rulings.md, rulings 12, 21, 23, 24 and 26):
-- covered cards can never be flipped; an instant revealed mid-ability takes effect at once; an
-- instant flipped facedown before it has finished is interrupted. "Discard" is "destroy".
return {
  name = "original",
  api = 1,
  description = "Air, Land & Sea, first printing (2019)",
  extends = "standard",  -- the cards whose text is unchanged come from the Revised Edition set
  theaters = { "air", "land", "sea" },
  rules = {
    flip_covered = false,
    instants = "immediate",
    interrupt_flipped = true,
  },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
  },
}
