-- Bans every flip and every move.
return { name = "Jammer", type = "air", strength = 4, kind = "ongoing", text = "",
  ongoing = {
    may_flip = function(g, this, card, allowed) return false end,
    may_move = function(g, this, card, to, allowed) return false end,
  } }
