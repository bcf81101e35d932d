local seen = {}
return {
  type = "air", strength = 1, kind = "instant", text = "Hoards data in a table it keeps between calls.",
  ability = function(g, card)
    seen[#seen + 1] = string.rep("x", 1000)
  end,
}
