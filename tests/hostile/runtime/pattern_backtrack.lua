return {
  type = "air", strength = 1, kind = "instant", text = "A backtracking pattern that would run for hours.",
  ability = function(g, card)
    string.find(string.rep("a", 3000), ".-.-.-.-b")
  end,
}
