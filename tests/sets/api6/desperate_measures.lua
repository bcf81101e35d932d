-- A card that sets the terms of its own play (API 6): its own may_play, read while it is in hand.
return {
  name = "Desperate Measures", type = "sea", strength = 5,
  text = "You may play this card faceup only while you have fewer VP than your opponent.",
  may_play = function(g, this, player, theater, face, allowed)
    if face == "faceup" and g:score(player) >= g:score(g:opponent(player)) then return false end
    return allowed
  end,
}
