-- Reads a counter never set and sets another, both named by a number from the game's generator.
return { name = "Namer", type = "air", strength = 1, kind = "instant",
  text = "Name two counters no game has named.",
  ability = function(g, this)
    local tag = g:turn_number() .. "_" .. math.random(1, 999999999)
    g:counter(this, "read_" .. tag)
    g:set_counter(this, "n_" .. tag, 1)
  end }
