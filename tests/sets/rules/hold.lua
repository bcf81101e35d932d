-- A second rule's turn action (tests/rules/api5/turn_actions.lua): a player may pass the turn.
return function(rules)
  rules.turn_actions = function(g, player)
    return { { text = "hold: pass the turn", run = function(game, p) game:log("player " .. p .. " holds") end } }
  end
end
