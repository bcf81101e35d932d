return {
  name = "Scout", type = "air", strength = 3, kind = "ongoing",
  text = "When your opponent plays a card facedown to this theater, you may return it to their hand.",
  triggers = {
    played = function(g, this, e)
      local you = g:owner(this)
      if e.player == you or e.face ~= "facedown" or e.theater ~= g:theater(this) then return end
      if g:theater(e.card) ~= e.theater or g:is_faceup(e.card) then return end  -- it has moved on since
      if g:choose_card(you, { e.card }, { may = true }) then g:return_to_hand(e.card) end
    end,
  },
}
