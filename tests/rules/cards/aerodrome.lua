scenario("aerodrome: deploy strength 3 or less to a non-matching theater", function()
  local g = setup{ hands = { {"aerodrome", "transport", "land_maneuver"}, {"ambush", "support"} } }
  g:deploy("aerodrome", "air")
  g:improvise("ambush", "sea")
  g:deploy("transport", "land")
  check_eq(g:stack(1, "land"), {"transport"})
end)

scenario("aerodrome: strength 4 or more still needs its own theater", function()
  local g = setup{ hands = { {"redeploy"}, {"ambush"} }, board = { { air = {"aerodrome"} }, {} } }
  check_error(function() g:deploy("redeploy", "land") end, "illegal:")
end)
