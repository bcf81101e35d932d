-- Returns an opponent's card to their hand.
return {
  name = "Evacuate", type = "sea", strength = 1, kind = "instant",
  text = "Return one of your opponent's uncovered cards to their hand.",
  ability = function(g, this)
    local you = g:owner(this)
    local target = g:choose_card(you, g:cards{ player = g:opponent(you), uncovered = true })
    if target then g:return_to_hand(target) end
  end,
}
