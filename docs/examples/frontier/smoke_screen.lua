-- A lasting effect with a ban: it lasts after this card's own turn, whatever becomes of the card.
return {
  name = "Smoke Screen", type = "air", strength = 1, kind = "instant",
  text = "Choose a theater. Until the end of your opponent's next turn, cards there cannot be flipped, and your cards there have +1 strength.",
  ability = function(g, this)
    local you = g:owner(this)
    local t = g:choose_theater(you, g:theaters(), { prompt = "smoke screen: the theater to cover" })
    if t then g:effect("smoke", "next_turn_end", { theater = t, player = you }) end
  end,
  effects = {
    smoke = {
      may_flip = function(g, this, card, allowed, data)
        if g:theater(card) == data.theater then return false end
        return allowed
      end,
      strength = function(g, this, card, value, data)
        if g:theater(card) == data.theater and g:owner(card) == data.player then return value + 1 end
        return value
      end,
    },
  },
}
