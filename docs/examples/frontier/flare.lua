-- An instant card with a trigger (API 3): the trigger acts while the card is faceup on the board.
return {
  name = "Flare", type = "air", strength = 3, kind = "instant",
  text = "Place 1 supply token in this theater. While this card is faceup: when it is covered, you gain 1 VP.",
  ability = function(g, this)
    g:add_tokens(g:owner(this), g:theater(this), 1)
  end,
  triggers = {
    covered = function(g, this, e)
      if e.card == this then g:gain_vp(g:owner(this), 1) end
    end,
  },
}
