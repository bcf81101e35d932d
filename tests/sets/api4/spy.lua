-- Shows its owner the opponent's hand.
return {
  name = "Spy", type = "sea", strength = 1, kind = "instant",
  text = "Look at your opponent's hand.",
  ability = function(g, this)
    local you = g:owner(this)
    g:reveal(g:hand(g:opponent(you)), you)
  end,
}
