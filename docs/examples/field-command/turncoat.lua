return {
  name = "Turncoat", type = "sea", strength = 3, kind = "ongoing",
  text = "When this card is flipped facedown, it returns to its owner's hand.",
  triggers = {
    flipped = function(g, this, e)
      if e.card == this and e.face == "facedown" and g:theater(this) and not g:is_faceup(this) then
        g:return_to_hand(this)
      end
    end,
  },
}
