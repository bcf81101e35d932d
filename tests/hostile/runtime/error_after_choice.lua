return {
  type = "air", strength = 1, kind = "instant", text = "Asks, flips, then fails.",
  ability = function(g, card)
    local target = g:choose_card(g:owner(card), g:cards{})
    g:flip(target)
    error("fails after the choice")
  end,
}
