-- An instant that takes its own card off the board while it resolves, then goes on.
return {
  name = "Last Stand", type = "land", strength = 1, kind = "instant",
  text = "Destroy this card, then you gain 1 VP.",
  ability = function(g, this)
    local you = g:owner(this)
    g:destroy(this)
    g:gain_vp(you, 1)
  end,
}
