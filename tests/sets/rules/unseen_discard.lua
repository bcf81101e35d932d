-- A house rule whose hook asks a player to choose among the opponent's hidden hand, with any set
-- (tests/python/test_resample.py): at each battle's start the 1st player discards a card of the
-- 2nd player's hand, unseen. An API 1 set under it still gives every option a fixed id, by place.
return function(rules)
  rules.battle_start = function(g)
    local first = g:first()
    local pick = g:choose_card(first, g:hand(g:opponent(first)), { prompt = "discard which card, unseen?" })
    if pick then g:destroy(pick) end
  end
end
