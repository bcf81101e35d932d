return { battle_vp = 0 }  -- no battle would ever score: the game could not end
