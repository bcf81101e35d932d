-- Victory-point abilities shared by the cards of this set (use("vp")): a set's own lib/ is
-- searched before the bundled scripts/lib.
local vp = {}

--- A battle_end trigger: the card's owner gains `n` VP if they control the card's theater.
function vp.if_control(n)
  return function(g, this, e)
    local you = g:owner(this)
    if g:theater(this) and g:controller(g:theater(this)) == you then g:gain_vp(you, n) end
  end
end

return vp
