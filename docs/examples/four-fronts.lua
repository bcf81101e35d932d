-- An example house rule: a fourth theater, "space", at the far right of the starting row.
-- No card's type matches it, so cards go there facedown (or with a permission such as Aerodrome).
-- With four theaters a battle can end 2-2; a tied count goes to the 1st player, like a tied theater.
--   als play --rules docs/examples/four-fronts.lua
return function(rules)
  rules.theaters = { "air", "land", "sea", "space" }
end
