return {
  type = "air", strength = 1, kind = "instant", text = "Offers 400 theaters (a fixed buffer once overflowed).",
  ability = function(g, card)
    local list = {}
    for i = 1, 400 do list[i] = "air" end
    g:choose_theater(1, list)
  end,
}
