-- House rule: fog of war. During the first turn of each battle cards may only be played
-- facedown: a lasting effect the rule starts (its `this` is nil) and that ends with the turn.
return {
  battle_start = function(g)
    g:effect("fog", "turn_end")
  end,
  effects = {
    fog = {
      may_play = function(g, this, player, card, theater, face, allowed, data)
        return allowed and face == "facedown"
      end,
    },
  },
}
