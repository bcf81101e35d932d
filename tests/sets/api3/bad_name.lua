return { name = "Bad Name", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this) g:add_counter(this, "bad name", 1) end }
