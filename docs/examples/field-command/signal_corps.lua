return {
  name = "Signal Corps", type = "air", strength = 2, kind = "ongoing",
  text = "Your facedown cards in adjacent theaters get +2.",
  ongoing = {
    strength = function(g, this, card, value)
      if g:owner(card) ~= g:owner(this) or g:is_faceup(card) then return value end
      for _, t in ipairs(g:adjacent(g:theater(this))) do
        if t == g:theater(card) then return value + 2 end
      end
      return value
    end,
  },
}
