-- Field Command: an example variant of card script API 2 (docs/modding.md). The Revised
-- Edition's 18 cards plus 15 of our own, one for each ongoing function and each trigger event,
-- and a house-rule hook of the set's own. Pinned by tests/rules/variants/field_command.lua.
return {
  name = "field-command",
  api = 2,
  description = "Revised Edition + 15 cards written with ongoing functions and triggers",
  extends = "standard",
  theaters = { "air", "land", "sea" },
  rules = {
    -- At the start of each battle the 2nd player places 1 supply token where they like.
    battle_start = function(g)
      local second = g:opponent(g:first())
      local where = g:choose_theater(second, g:theaters())
      g:add_tokens(second, where, 1)
    end,
  },
  cards = {
    "support", "air_drop", "air_maneuver", "aerodrome", "containment", "heavy_bombers",
    "reinforce", "ambush", "land_maneuver", "cover_fire", "disrupt", "heavy_tanks",
    "transport", "escalation", "sea_maneuver", "redeploy", "blockade", "super_battleship",
    -- ongoing functions
    "signal_corps", "war_chest", "checkpoint", "fortress", "minefield",
    -- triggers
    "scout", "decoy", "bunker", "turncoat", "convoy", "vulture", "reservist", "patrol", "quartermaster", "garrison",
  },
}
