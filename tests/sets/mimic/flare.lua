-- An instant that starts a lasting effect declared in its own file: until the end of the battle,
-- its player's cards are 1 stronger.
return {
  name = "Flare", type = "air", strength = 1, kind = "instant",
  text = "Until the end of the battle, your cards have +1 strength.",
  ability = function(g, this) g:effect("glow", "battle_end") end,
  effects = {
    glow = {
      strength = function(g, this, card, value, data)
        if g:owner(card) == data.player then return value + 1 end
        return value
      end,
    },
  },
}
