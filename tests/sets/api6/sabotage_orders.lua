-- An effect that ends when it is used: it waits for the opponent's next play there, then ends.
return {
  name = "Sabotage Orders", type = "land", strength = 2, kind = "instant",
  text = "The next card your opponent plays in this theater this battle must be played facedown.",
  ability = function(g, this)
    g:effect("sabotage", "battle_end", { where = g:theater(this) })
  end,
  effects = {
    sabotage = {
      may_play = function(g, this, player, card, theater, face, allowed, data)
        if player ~= data.player and theater == data.where and face == "faceup" then return false end
        return allowed
      end,
      triggers = {
        played = function(g, this, e, data)
          if e.player ~= data.player and e.theater == data.where then g:end_effect(data.id) end
        end,
      },
    },
  },
}
