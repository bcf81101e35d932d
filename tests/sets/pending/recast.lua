-- Takes a card off the board and has it played again: it leaves and comes back.
return {
  name = "Recast", type = "sea", strength = 1, kind = "instant",
  text = "Return one of your opponent's uncovered cards to their hand; they play it again to the same theater, faceup if they may.",
  ability = function(g, this)
    local you = g:owner(this)
    local them = g:opponent(you)
    local target = g:choose_card(you, g:cards{ player = them, uncovered = true })
    if not target then return end
    local where = g:theater(target)
    g:return_to_hand(target)
    local face = g:can_play(them, target, where, "faceup") and "faceup" or "facedown"
    if g:can_play(them, target, where, face) then g:play(them, target, where, face) end
  end,
}
