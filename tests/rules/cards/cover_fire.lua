scenario("cover_fire: deployed on top, the cards it covers become 4", function()
  local g = setup{ hands = { {"cover_fire"}, {"ambush"} }, board = { { land = {"~heavy_bombers", "reinforce"} }, {} } }
  g:deploy("cover_fire", "land")
  check_eq(g:card_strength("heavy_bombers"), 4)
  check_eq(g:card_strength("reinforce"), 4)
  check_eq(g:strength(1, "land"), 12)
end)

scenario("cover_fire: flipped facedown, the covered cards return to normal", function()
  local g = setup{
    hands = { {"air_maneuver"}, {"transport"} },
    board = { {}, { land = {"~heavy_bombers", "cover_fire"} } },
  }
  g:deploy("air_maneuver", "air")
  g:choose("cover_fire")
  check_eq(g:card_strength("heavy_bombers"), 2)
  check_eq(g:strength(2, "land"), 4)
end)
