-- Rules compose (issue 51): every rule's acting hook (battle_start, turn_start, turn_end, deal)
-- acts, in the order the rules were given, as every answering hook answers.
local A, B = "../../sets/rules/herald_a.lua", "../../sets/rules/herald_b.lua"

local function lines(g, p)
  local out = {}
  for _, l in ipairs(g:messages(p)) do
    if l:find("herald", 1, true) then out[#out + 1] = l:match("(herald .-) %(by house rule%)") end
  end
  return out
end

scenario("acting hooks compose: two rules' battle_start and turn_start both act, in the rules' order", function()
  local g = new_game{ rules = { A, B }, seed = 3 }
  local first = g:to_act()
  check_eq(lines(g, 1), { "herald a: battle 1 opens", "herald b: battle 1 opens",
                          "herald a: player " .. first .. "'s turn", "herald b: player " .. first .. "'s turn" })
  local r = new_game{ rules = { B, A }, seed = 3 }
  check_eq(lines(r, 1)[1], "herald b: battle 1 opens", "the other order, the other first")
end)

scenario("acting hooks compose: two rules' turn_end hooks both score", function()
  local g = setup{ rules = { A, B }, hands = { {"heavy_tanks", "support"}, {"ambush", "transport"} } }
  g:deploy("heavy_tanks", "land")
  check_eq({g:score(1), g:score(2)}, {3, 0}, "1 VP from herald a, 2 from herald b")
end)

scenario("acting hooks compose: a rule alone acts alone", function()
  local g = setup{ rules = { B }, hands = { {"heavy_tanks", "support"}, {"ambush", "transport"} } }
  g:deploy("heavy_tanks", "land")
  check_eq({g:score(1), g:score(2)}, {2, 0})
end)
