return {
  type = "air", strength = 1, kind = "instant", text = "The same, through a string method.",
  ability = function(g, card)
    local s = ("a"):rep(3000)
    s:gsub(".-.-.-b", "")
  end,
}
