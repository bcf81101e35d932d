return {
  name = "Launch Pad", type = "space", strength = 3, kind = "ongoing",
  text = "You may deploy cards of strength 2 or less to any theater.",
  ongoing = { play_anywhere = { max_strength = 2 } },
}
