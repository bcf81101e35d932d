return {
  type = "air", strength = 1, kind = "instant", text = "Flips the first facedown card.",
  ability = function(g, this) local c = g:cards{ facedown = true }[1] if c then g:flip(c) end end,
}
