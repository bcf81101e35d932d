return { type = "air", strength = 1, kind = "instant", text = "A loose number.",
  ability = function(g, this) g:gain_vp(g:owner(this), "2") end }
