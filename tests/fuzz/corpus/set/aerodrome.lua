return {
  name = "Aerodrome", type = "air", strength = 4, kind = "ongoing",
  text = "You may play cards of strength 3 or less to non-matching theaters.",
  ongoing = { play_anywhere = { max_strength = 3 } },
}
