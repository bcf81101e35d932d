-- A house rule may use every API's verbs with any set: each turn costs its player 1 VP (if they have one).
return {
  turn_start = function(g, player)
    g:lose_vp(player, 1)
  end,
}
