-- Takes VP from the opponent: g:lose_vp returns what was lost (never more than their score).
return {
  name = "Tribute", type = "land", strength = 1, kind = "instant",
  text = "Your opponent loses 2 VP; you gain as many as they lost.",
  ability = function(g, this)
    local you = g:owner(this)
    local lost = g:lose_vp(g:opponent(you), 2)
    if lost > 0 then g:gain_vp(you, lost) end
  end,
}
