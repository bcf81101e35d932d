-- A lasting effect's replacement, about any card, that ends when used (API 6).
return {
  name = "Escort", type = "sea", strength = 1, kind = "instant",
  text = "The next time one of your cards would be destroyed this battle, return it to your hand instead.",
  ability = function(g, this)
    g:effect("escort", "battle_end")
  end,
  effects = {
    escort = {
      instead = {
        destroy = function(g, this, card, e, data)
          if g:owner(card) ~= data.player or e.from == "hand" then return false end
          g:end_effect(data.id)
          return g:return_to_hand(card)
        end,
      },
    },
  },
}
