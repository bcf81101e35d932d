-- An effect for a number of turns (API 4's { turns = N }).
return {
  name = "Siege", type = "sea", strength = 3, kind = "instant",
  text = "Until the end of the third turn from now, your opponent's cards in this theater have -1 strength.",
  ability = function(g, this)
    g:effect("siege", { turns = 3 }, { where = g:theater(this) })
  end,
  effects = {
    siege = {
      strength = function(g, this, card, value, data)
        if g:theater(card) == data.where and g:owner(card) ~= data.player then return value - 1 end
        return value
      end,
    },
  },
}
