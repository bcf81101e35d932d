return {
  name = "Checkpoint", type = "land", strength = 2, kind = "ongoing",
  text = "Your opponent cannot improvise to this theater.",
  ongoing = {
    may_play = function(g, this, player, card, theater, face, allowed)
      if player ~= g:owner(this) and theater == g:theater(this) and face == "facedown" then return false end
      return allowed
    end,
  },
}
