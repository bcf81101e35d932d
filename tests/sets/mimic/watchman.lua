-- A trigger: when the opponent plays a card to this card's theater, its owner gains 1 VP.
return {
  name = "Watchman", type = "sea", strength = 1, kind = "triggered",
  text = "When your opponent plays a card to this theater, gain 1 VP.",
  triggers = {
    played = function(g, this, e)
      if e.player ~= g:owner(this) and e.theater == g:theater(this) then g:gain_vp(g:owner(this), 1) end
    end,
  },
}
