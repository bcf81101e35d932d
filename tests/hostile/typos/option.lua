return { type = "air", strength = 1, kind = "instant", text = "A typo.",
  ability = function(g, this) g:choose_card(g:owner(this), { this }, { mya = true }) end }
