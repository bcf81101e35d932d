-- Gives itself to the opponent, then tries again (already theirs: false).
return { name = "Giver", type = "land", strength = 4, kind = "instant", text = "",
  ability = function(g, this)
    local you = g:owner(this)
    local first = g:give(this, g:opponent(you))
    local again = g:give(this, g:opponent(you))
    g:set_counter(you, "gave", (first and 1 or 2) * 10 + (again and 1 or 2))
  end }
