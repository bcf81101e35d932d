-- Test cards for card script API 3 (tests/rules/api3/contract.lua): each does one thing the
-- contract describes, and records what the verbs returned in players' counters.
return {
  name = "api3-contract",
  api = 3,
  extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "bad_name", "overflow", "huge_add", "many_counters", "booster", "writer_fn", "martyr", "misnamed", "five_fields",
    "flood", "jammer", "flipper", "giver", "watcher", "dealer", "cause_watcher", "strict",
  },
}
