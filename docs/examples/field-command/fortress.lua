return {
  name = "Fortress", type = "land", strength = 4, kind = "ongoing",
  text = "Your opponent cannot withdraw.",
  ongoing = {
    may_withdraw = function(g, this, player, allowed)
      return allowed and player == g:owner(this)
    end,
  },
}
