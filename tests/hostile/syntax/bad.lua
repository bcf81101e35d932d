return {
  type = "air", strength = 1,
  text = "missing brace"
