-- Replacement effects that go wrong, or replace by the event itself (API 6): for
-- tests/rules/api6/instead_errors.lua. Extends the api6 set (Demolition destroys).
return {
  name = "instead_errors",
  api = 6,
  extends = "../api6",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "demolition", "faulty_decoy", "vague_decoy", "stubborn",
  },
}
