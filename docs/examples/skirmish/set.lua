-- Skirmish: a game small enough to solve. Two theaters, five of the Revised Edition's cards, two
-- cards a hand (one stays in the deck), one battle: its winner wins the game. With chance nodes
-- (docs/python.md) its whole tree is a few hundred thousand states, so counterfactual regret
-- minimization converges on it and the exploitability of any policy is exact
-- (docs/examples/python/cfr_small.py, docs/agents.md "How far from an equilibrium").
return {
  name = "skirmish",
  api = 1,
  description = "Two theaters, five cards, hands of two, one battle (for exact equilibrium work)",
  extends = "standard",
  theaters = { "air", "land" },
  cards = { "support", "air_maneuver", "heavy_bombers", "ambush", "heavy_tanks" },
  rules = { hand_size = 2, vp_target = 1, battle_vp = 1, random_theater_order = false },
}
