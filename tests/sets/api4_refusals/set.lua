-- Cards whose API 4 verbs are misused (tests/rules/api4): each raises an error naming it.
return {
  name = "api4-refusals", api = 4, extends = "standard",
  theaters = { "air", "land", "sea" },
  cards = { "support", "ambush", "heavy_tanks", "transport", "containment", "cover_fire", "disrupt", "redeploy",
            "blockade", "reinforce", "aerodrome", "escalation", "bad_to", "bad_word", "bad_id", "bad_hand", "bad_player",
            "bad_option", "bad_text", "bad_turns" },
}
