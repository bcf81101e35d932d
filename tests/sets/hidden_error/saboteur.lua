return {
  type = "air", strength = 1, kind = "instant",
  text = "Flip the first card of your opponent's hand (a card in a hand cannot flip: this fails).",
  ability = function(g, this)
    local theirs = g:hand(g:opponent(g:owner(this)))
    if #theirs > 0 then g:flip(theirs[1]) end
  end,
}
