return { name = "Many Counters", type = "air", strength = 3, kind = "instant", text = "",
  ability = function(g, this)
    for i = 1, 33 do g:set_counter(1 + i % 2, "c" .. i, i) end
  end }
