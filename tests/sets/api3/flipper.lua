-- Records in its owner's counters what g:flip, g:move and g:cards{flippable = true} give.
return { name = "Flipper", type = "land", strength = 3, kind = "instant", text = "",
  ability = function(g, this)
    local you = g:owner(this)
    local target = g:cards{ player = g:opponent(you) }[1]
    g:set_counter(you, "flip", g:flip(target) and 1 or 2)
    g:set_counter(you, "move", g:move(target, g:theater(target) == "sea" and "air" or "sea") and 1 or 2)
    g:set_counter(you, "flippable", #g:cards{ flippable = true } + 1)
  end }
