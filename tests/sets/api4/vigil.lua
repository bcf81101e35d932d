-- An effect until the end of its player's next turn (API 4).
return {
  name = "Vigil", type = "air", strength = 1, kind = "instant",
  text = "Until the end of your next turn, your cards in this theater have +3 strength.",
  ability = function(g, this)
    g:effect("guard", "own_next_turn_end", { where = g:theater(this) })
  end,
  effects = {
    guard = {
      strength = function(g, this, card, value, data)
        if g:theater(card) == data.where and g:owner(card) == data.player then return value + 3 end
        return value
      end,
    },
  },
}
