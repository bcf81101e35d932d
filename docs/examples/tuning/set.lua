-- Tuning: the Revised Edition's 18 cards and one new card whose strength is a param, for finding
-- its value with `als sweep` (docs/variants.md, "Finding a value: als sweep"). A param is a
-- tunable number: declared here with its default, read by card scripts as params.NAME (and by
-- any script as g:param("NAME")), set by --param NAME=VALUE or a variant's SPEC?NAME=VALUE.
return {
  name = "tuning",
  api = 1,
  description = "Revised Edition + Field Medic, a land card of tunable strength",
  extends = "standard",
  theaters = { "air", "land", "sea" },
  params = { medic_strength = 1 },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "field_medic",
  },
}
