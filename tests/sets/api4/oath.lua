-- An effect that lasts to the end of the game, across battles (API 4's "game_end").
return {
  name = "Oath", type = "land", strength = 1, kind = "instant",
  text = "For the rest of the game, each time you win a battle, gain 1 VP.",
  ability = function(g, this)
    g:effect("oath", "game_end")
  end,
  effects = {
    oath = {
      triggers = {
        battle_end = function(g, this, e, data)
          if e.winner == data.player then g:gain_vp(data.player, 1) end
        end,
      },
    },
  },
}
