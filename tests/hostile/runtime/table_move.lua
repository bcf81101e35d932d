return {
  type = "air", strength = 1, kind = "instant", text = "Moves 2^40 entries (a loop in C once escaped the limit).",
  ability = function(g, card)
    table.move({}, 1, 1 << 40, 2)
  end,
}
