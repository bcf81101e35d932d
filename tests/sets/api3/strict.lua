return { name = "Strict", type = "air", strength = 6, kind = "instant", text = "",
  ability = function(g, this) g:add_tokens(g:owner(this), "air", "2") end }
