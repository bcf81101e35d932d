-- A house rule whose one lasting effect stays inside every per-call limit and still makes the
-- rules slow: its may_play function spends about 150,000 instructions on every call, for the
-- whole game (issue 36). A computer player's search must stay bounded under it, and say why it
-- stopped early.
return {
  battle_start = function(g)
    g:effect("mire", "battle_end")
  end,
  effects = {
    mire = {
      may_play = function(g, this, player, card, theater, face, allowed, data)
        local x = 0
        for i = 1, 50000 do x = x + i end
        return allowed
      end,
    },
  },
}
