-- The other of the two heralds (herald_a.lua), as a function rule: it adds its hooks to the
-- earlier rules' of the same kind.
return function(rules)
  rules.battle_start = function(g) g:log("herald b: battle " .. g:battle() .. " opens") end
  rules.turn_start = function(g, player) g:log("herald b: player " .. player .. "'s turn") end
  rules.turn_end = function(g, player) g:gain_vp(player, 2) end
end
