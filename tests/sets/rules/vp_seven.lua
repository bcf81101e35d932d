-- A battle_vp hook: every battle scores 7.
return { battle_vp = function(g, winner, how, cards_left, vp) return 7 end }
