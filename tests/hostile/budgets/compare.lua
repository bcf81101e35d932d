return {
  type = "air", strength = 1, kind = "instant", text = "Compares two long equal strings forever.",
  ability = function(g, this)
    local a = string.rep("x", 16000)
    local b = string.rep("x", 15999) .. "x"
    local n = 0
    while true do if a == b then n = n + 1 end end
  end,
}
