-- Card script API 6 (docs/modding.md, "Card script API 6"): effects that end when used, ...
return {
  name = "api6",
  api = 6,
  description = "Designs written with card script API 6",
  extends = "../mimic",  -- (which extends standard: a chain, and its lib/stack.lua)
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "sabotage_orders", "field_order", "requisition", "echo_relay", "desperate_measures", "mimic", "iron_bunker", "demolition", "decoy", "escort",
  },
}
