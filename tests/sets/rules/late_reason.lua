-- A game_over hook that only restates the VP target: at the target it ends the game with the
-- leader, giving a reason. The reason decides nothing, so it is not counted as how games ended.
return {
  game_over = function(g, winner, reason)
    local a, b = g:score(1), g:score(2)
    if a >= g:vp_target() or b >= g:vp_target() then
      return a > b and 1 or (b > a and 2 or g:battles()[#g:battles()].winner), "late"
    end
  end,
}
