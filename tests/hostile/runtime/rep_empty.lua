return {
  type = "air", strength = 1, kind = "instant", text = "Repeats the empty string 2^50 times (once a hang).",
  ability = function(g, card)
    local s = (""):rep(1 << 50, "")
    error("rep returned a string of length " .. #s)
  end,
}
