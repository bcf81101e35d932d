-- A change of side.
return {
  name = "Defector", type = "land", strength = 1, kind = "instant",
  text = "Choose an uncovered card of your opponent's in an adjacent theater: it comes over to your side, on top, and is yours.",
  ability = function(g, this)
    local you = g:owner(this)
    local ids = g:cards{ player = g:opponent(you), uncovered = true, adjacent = true }
    local c = g:choose_card(you, ids, { prompt = "defector: the card that changes side" })
    if c then g:give(c, you) end
  end,
}
