-- Uses the manual's supply tokens: +1 strength each to their side of a theater.
return {
  name = "Supply Convoy", type = "sea", strength = 2, kind = "instant",
  text = "Place 2 supply tokens on your side of an adjacent theater.",
  ability = function(g, card)
    local you = g:owner(card)
    local where = g:choose_theater(you, g:adjacent(g:theater(card)))
    if where then g:add_tokens(you, where, 2) end
  end,
}
