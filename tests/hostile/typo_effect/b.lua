return {
  type = "land", strength = 1, kind = "ongoing",
  ongoing = { add_strength = { cards = "own_faceup", by = 1, theaters = "adjacent" } },  -- add_strength has no theaters
}
