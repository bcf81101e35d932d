-- Momentum: a player who wins a battle right after winning the one before scores momentum_vp
-- more for it (a house rule's param, read with g:param).
return {
  params = { momentum_vp = 2 },
  battle_vp = function(g, winner, how, cards_left, vp)
    local past = g:battles()
    local last = past[#past]
    if last and last.winner == winner then return vp + g:param("momentum_vp") end
    return vp
  end,
}
