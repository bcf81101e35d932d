return {
  type = "air", strength = 1, kind = "instant", text = "Tries to swallow the instruction limit.",
  ability = function(g, card)
    while true do pcall(function() while true do end end) end
  end,
}
