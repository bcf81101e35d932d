-- A card whose question depends on a card its player cannot see (`als cards` reports it; the
-- search plays on: tests/cli/hostile6_test.sh): Scout asks a theater when the deck's top card is an
-- air card, else one of its owner's cards.
return {
  name = "hidden_question", api = 4, extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "scout",
  },
}
