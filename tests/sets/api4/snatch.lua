-- Takes an opponent's card from the board into its owner's hand.
return {
  name = "Snatch", type = "air", strength = 1, kind = "instant",
  text = "Take one of your opponent's uncovered cards into your hand.",
  ability = function(g, this)
    local you = g:owner(this)
    local target = g:choose_card(you, g:cards{ player = g:opponent(you), uncovered = true })
    if target then g:to_hand(target, you) end
  end,
}
