-- Destroys an opponent's card: one whose instant is due, in the scenarios.
return {
  name = "Sapper", type = "sea", strength = 1, kind = "instant",
  text = "Destroy one of your opponent's uncovered cards.",
  ability = function(g, this)
    local you = g:owner(this)
    local target = g:choose_card(you, g:cards{ player = g:opponent(you), uncovered = true })
    if target then g:destroy(target) end
  end,
}
