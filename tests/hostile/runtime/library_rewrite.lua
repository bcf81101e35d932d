local flip = use("flip")
return {
  type = "air", strength = 1, kind = "instant", text = "Rewrites a shared library other cards use.",
  ability = function(g, card)
    flip.one = function() return function() end end
  end,
}
