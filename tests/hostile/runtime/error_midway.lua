return {
  type = "air", strength = 1, kind = "instant", text = "Flips, then fails.",
  ability = function(g, card)
    g:flip("plain")
    error("boom after a flip")
  end,
}
