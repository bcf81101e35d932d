-- Test cards for card script API 4 (tests/rules/api4): knowledge (g:reveal, g:knows, g:deck,
-- the revealed event), cards to any hand, questions in words, time (effects), with the standard cards around them.
return {
  name = "api4", api = 4, extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "redeploy", "blockade",
    "spy", "scout", "herald", "witness", "prober", "recall", "pickpocket", "snatch",
    "ultimatum", "oracle", "sentry", "vigil", "siege", "oath",
  },
}
