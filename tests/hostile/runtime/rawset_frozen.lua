local kept = { 1, 2, 3 }
return {
  type = "air", strength = 1, kind = "instant", text = "Writes a kept table with rawset.",
  ability = function(g, card)
    rawset(kept, 4, 4)
  end,
}
