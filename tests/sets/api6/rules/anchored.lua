-- Anchored: no card moves; the owner of a card that would have moved scores 1 VP instead. A house
-- rule's replacement (API 6, with any set), about any card.
return {
  instead = {
    move = function(g, this, card, e)
      g:gain_vp(e.player, 1)
      return true
    end,
  },
}
