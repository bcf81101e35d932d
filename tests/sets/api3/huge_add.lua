-- A counter at 1 given the largest integer Lua has: refused, with no overflow on the way (issue 36).
return { name = "Huge Add", type = "land", strength = 1, kind = "instant", text = "",
  ability = function(g, this)
    g:set_counter(this, "x", 1)
    g:add_counter(this, "x", math.maxinteger)
  end }
