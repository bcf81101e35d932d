-- A small set for the declared-ability scenarios (tests/rules/variants/declared.lua): a flip
-- written as a declaration, and one written as a function that calls use("flip").one at run time.
return {
  name = "declared", api = 1, theaters = { "air", "land", "sea" },
  rules = { hand_size = 2 },
  cards = { "sapper", "scout", "tank", "plane", "ship", "gunner" },
}
