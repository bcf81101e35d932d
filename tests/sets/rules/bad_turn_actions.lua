-- A turn_actions hook that goes wrong in the way the score of the player to act says
-- (tests/rules/api5/turn_actions.lua checks each refusal).
return function(rules)
  rules.turn_actions = function(g, player)
    local s = g:score(player)
    local run = function() end
    if s == 0 then return { { text = string.rep("x", 41), run = run } } end
    if s == 1 then return { { text = "hold", run = run }, { text = "hold", run = run } } end
    if s == 2 then return { { text = "hold", run = 3 } } end
    if s == 3 then return { { text = "withdraw", run = run } } end
    if s == 4 then
      local many = {}
      for i = 1, 9 do many[i] = { text = "hold " .. i, run = run } end
      return many
    end
    if s == 5 then return "hold" end
    if s == 6 then return { { text = "deploy it", run = run } } end
    if s == 7 then return { { text = "fail", run = function(game) game:gain_vp(player, 1) error("the drill failed") end } } end
    if s == 8 then  -- fields behind a metatable are not read (no script runs outside its budget)
      return { setmetatable({}, { __index = function() while true do end end }) }
    end
    -- texts the terminal reads in any case, words split at spaces
    if s == 9 then return { { text = "Withdraw", run = run } } end
    if s == 10 then return { { text = "Hold", run = run }, { text = "hold", run = run } } end
    if s == 11 then return { { text = "  DEPLOY  heavy_tanks air", run = run } } end
    return nil
  end
end
