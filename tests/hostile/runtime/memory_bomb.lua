return {
  type = "air", strength = 1, kind = "instant", text = "Eats memory.",
  ability = function(g, card)
    local t = {}
    for i = 1, 1e9 do t[i] = string.rep("x", 4096) .. i end
  end,
}
