-- The long game (Revised Edition rulebook, "Winning the Game"): play until someone has 18 VP.
return { vp_target = 18 }
