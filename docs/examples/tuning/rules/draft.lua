-- Draft: instead of the deal, the top twelve cards of the deck are laid out faceup and the
-- players take them one at a time, the 1st player first, until each holds six.
return {
  deal = function(g)
    local deck = g:deck()
    local pool = {}
    for i = 1, 12 do pool[i] = deck[i] end
    g:reveal(pool, 1)
    g:reveal(pool, 2)
    local p = g:first()
    while #pool > 0 do
      local pick = g:choose_card(p, pool, { prompt = "draft: a card to keep" })
      g:to_hand(pick, p)
      for i, id in ipairs(pool) do
        if id == pick then
          table.remove(pool, i)
          break
        end
      end
      p = g:opponent(p)
    end
  end,
}
