-- Drawing into a hand.
return {
  name = "Recruiter", type = "sea", strength = 2, kind = "instant",
  text = "Take the top card of the deck into your hand.",
  ability = function(g, this)
    g:deal(g:owner(this), 1)
  end,
}
