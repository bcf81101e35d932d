return {
  type = "air", strength = 1, kind = "instant", text = "Adds 2^63-1 supply tokens (once an integer overflow).",
  ability = function(g, card)
    g:add_tokens(1, "air", 1)
    g:add_tokens(1, "air", math.maxinteger)
  end,
}
