-- Records a given event's fields in counters of the new owner.
return { name = "Watcher", type = "sea", strength = 4, kind = "ongoing", text = "",
  triggers = {
    given = function(g, this, e)
      g:set_counter(e.player, "from", e.from)
      g:set_counter(e.player, "by_giver", e.cause == "giver" and 1 or 2)
      g:set_counter(e.player, "owner_now", g:owner(e.card))
    end,
  } }
