return {
  name = "Disrupt", type = "land", strength = 5, kind = "instant",
  text = "Your opponent chooses and flips 1 of their cards. Then you flip 1 of yours.",
  ability = function(g, card)
    local you = g:owner(card)
    for _, player in ipairs{ g:opponent(you), you } do
      local target = g:choose_card(player, g:cards{ player = player, flippable = true })
      if target then g:flip(target) end
    end
  end,
}
