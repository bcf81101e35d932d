-- House rule: at the start of each battle each player, the 1st player first, may put one card of
-- their hand on the bottom of the deck and take the top card instead. The question has a prompt.
return function(rules)
  rules.battle_start = function(g)
    local first = g:first()
    for _, p in ipairs{ first, g:opponent(first) } do
      local c = g:choose_card(p, g:hand(p), { may = true, prompt = "your mulligan: put on the bottom of the deck" })
      if c then
        g:to_deck(c, "bottom")
        g:deal(p, 1)
      end
    end
  end
end
