return {
  name = "Redeploy", type = "sea", strength = 4, kind = "instant",
  text = "You may return 1 of your facedown cards to your hand. If you do, play a card.",
  ability = function(g, card)
    local you = g:owner(card)
    local returned = g:choose_card(you, g:cards{ player = you, facedown = true }, { may = true })
    if returned then
      g:return_to_hand(returned)
      g:choose_play(you)
    end
  end,
}
