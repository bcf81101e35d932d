return {
  name = "War Chest", type = "air", strength = 1, kind = "ongoing",
  text = "While your hand is empty, your total in this theater is +3.",
  ongoing = {
    total = function(g, this, player, theater, value)
      if player == g:owner(this) and theater == g:theater(this) and g:hand_size(player) == 0 then
        return value + 3
      end
      return value
    end,
  },
}
