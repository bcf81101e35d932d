return {
  type = "air", strength = 1, kind = "instant", text = "Refused calls in a loop, each naming a card of 16,000 bytes.",
  ability = function(g, this)
    local s = string.rep("x", 16000)
    while true do pcall(g.flip, g, s) end
  end,
}
