-- Draws from the game's generator, asks its owner for a theater, then draws again: a run that
-- is re-run from its start when the question is answered, drawing the same numbers.
return { name = "Gambler", type = "air", strength = 1, kind = "instant",
  text = "Roll 1-3, choose a theater, roll 1-2; remember the rolls.",
  ability = function(g, this)
    local you = g:owner(this)
    local first = math.random(1, 3)
    local where = g:choose_theater(you, g:theaters(), { prompt = "gambler: a theater" })
    local second = math.random(1, 2)
    g:set_counter(this, "rolls", first * 10 + second + (where == "air" and 100 or 0))
  end }
