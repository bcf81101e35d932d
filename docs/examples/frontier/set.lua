-- Frontier: an example variant of card script API 3 (docs/modding.md, "Card script API 3"). The
-- Revised Edition's 18 cards plus 7 of our own, one for each thing API 3 adds: a growing card
-- (counters), a lasting effect with a ban, a ban on moves, a change of side, drawing into a
-- hand, a triggered card reading e.cause, and an instant with a trigger. Its house rules show a
-- mulligan with a prompt, a battle ending with a reason, players' counters and an effect a rule
-- starts. Pinned by tests/rules/api3/frontier.lua.
return {
  name = "frontier",
  api = 3,
  description = "Revised Edition + 7 cards written with counters, lasting effects, bans and change of side",
  extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    "veteran", "smoke_screen", "sentry", "defector", "recruiter", "tripwire", "flare",
  },
}
