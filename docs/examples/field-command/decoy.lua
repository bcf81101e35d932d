return {
  name = "Decoy", type = "sea", strength = 1, kind = "ongoing",
  text = "When this card is covered, the card covering it is flipped facedown.",
  triggers = {
    covered = function(g, this, e)
      -- A trigger waits its turn (ruling 11): by then the covering card may have gone.
      if e.card == this and g:theater(e.by) and g:is_faceup(e.by) then g:flip(e.by) end
    end,
  },
}
