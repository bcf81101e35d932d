return {
  type = "air", strength = 1, kind = "ongoing",
  triggers = { played = function(g, this, e) end },  -- needs api = 2
}
