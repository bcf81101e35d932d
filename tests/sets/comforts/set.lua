-- Cards whose scripts misspell a name (tests/rules/api4/comforts.lua): each error names the
-- nearest known one.
return {
  name = "comforts", api = 3, extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = { "support", "ambush", "heavy_tanks", "transport", "containment", "cover_fire", "disrupt", "redeploy",
            "blockade", "reinforce", "aerodrome", "escalation", "slow" },
}
