-- A triggered card recording e.cause: 1 nil (a player's own play), 2 "rule", 3 a card.
return { name = "Cause Watcher", type = "air", strength = 5, kind = "triggered", text = "",
  triggers = {
    played = function(g, this, e)
      g:set_counter(e.player, "played_cause", e.cause == nil and 1 or e.cause == "rule" and 2 or 3)
    end,
    flipped = function(g, this, e)
      g:set_counter(g:owner(e.card), "flip_cause", e.cause == nil and 1 or e.cause == "rule" and 2 or 3)
    end,
    battle_end = function(g, this, e)
      g:set_counter(e.winner, "overrun", e.how == "overrun" and 1 or 2)
    end,
  } }
