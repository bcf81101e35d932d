-- An instant whose every resolution shows: its owner's score.
return {
  name = "Tally", type = "air", strength = 1, kind = "instant",
  text = "You gain 1 VP.",
  ability = function(g, this)
    g:gain_vp(g:owner(this), 1)
  end,
}
