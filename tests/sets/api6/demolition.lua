-- Destroys, and tells whether it did (g:destroy's answer, API 6).
return {
  name = "Demolition", type = "sea", strength = 3, kind = "instant",
  text = "Destroy an uncovered card of your opponent's in an adjacent theater.",
  ability = function(g, this)
    local you = g:owner(this)
    local target = g:choose_card(you, g:cards{ player = g:opponent(you), uncovered = true, adjacent = true })
    if target then g:log("demolition destroyed it: " .. tostring(g:destroy(target))) end
  end,
}
