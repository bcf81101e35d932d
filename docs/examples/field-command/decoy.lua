return {
  name = "Decoy", type = "sea", strength = 1, kind = "ongoing",
  text = "When this card is covered, the card covering it is flipped facedown.",
  triggers = {
    covered = function(g, this, e)
      if e.card == this and g:is_faceup(e.by) then g:flip(e.by) end
    end,
  },
}
