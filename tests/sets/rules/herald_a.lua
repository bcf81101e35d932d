-- A house rule that writes at every battle's and turn's start (acting hooks compose: with
-- herald_b.lua, both write, in the rules' order). A table rule.
return {
  battle_start = function(g) g:log("herald a: battle " .. g:battle() .. " opens") end,
  turn_start = function(g, player) g:log("herald a: player " .. player .. "'s turn") end,
  turn_end = function(g, player) g:gain_vp(player, 1) end,
}
