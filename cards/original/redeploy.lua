return {
  name = "Redeploy", type = "sea", strength = 4, kind = "instant",
  text = "Return 1 of your facedown cards to your hand. If you do, gain an extra turn.",
  ability = function(g, card)
    local you = g:owner(card)
    local returned = g:choose_card(you, g:cards{ player = you, facedown = true })
    if returned then
      g:return_to_hand(returned)
      g:extra_turn(you)
    end
  end,
}
