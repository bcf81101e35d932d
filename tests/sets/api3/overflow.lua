return { name = "Overflow", type = "air", strength = 2, kind = "instant", text = "",
  ability = function(g, this)
    g:set_counter(this, "x", 1000)
    g:add_counter(this, "x", 1)
  end }
