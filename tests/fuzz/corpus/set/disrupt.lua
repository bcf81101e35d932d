return {
  name = "Disrupt", type = "land", strength = 5, kind = "instant",
  text = "Starting with you, both players choose and flip 1 of their uncovered cards.",
  ability = function(g, card)
    local you = g:owner(card)
    for _, player in ipairs{ you, g:opponent(you) } do
      local target = g:choose_card(player, g:cards{ player = player, uncovered = true })
      if target then g:flip(target) end
    end
  end,
}
