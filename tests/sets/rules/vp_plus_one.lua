-- A battle_vp hook: one more VP than the rules before it gave.
return { battle_vp = function(g, winner, how, cards_left, vp) return vp + 1 end }
