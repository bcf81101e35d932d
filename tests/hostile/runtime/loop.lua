return {
  type = "air", strength = 1, kind = "instant", text = "Loops forever.",
  ability = function(g, card)
    while true do end
  end,
}
