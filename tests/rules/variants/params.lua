-- Params (docs/modding.md, "Params"): a set's param read by a card's field, a house rule's by
-- g:param in a hook, values given by setup{ params }, unknown names refused; with the example set
-- docs/examples/tuning (field_medic's strength is params.medic_strength) and its momentum rule.
local set = "../../../docs/examples/tuning"  -- from this file's folder
local momentum = set .. "/rules/momentum.lua"
local probe = "../../sets/rules/param_probe.lua"

scenario("a card's field reads the set's param: its default, or the value given", function()
  local g = setup{ cards = set, hands = { {"field_medic"}, {"ambush"} } }
  g:deploy("field_medic", "land")
  check_eq(g:card_strength("field_medic"), 1, "the default of set.lua")
  local h = setup{ cards = set, params = { medic_strength = 5 }, hands = { {"field_medic"}, {"ambush"} } }
  h:deploy("field_medic", "land")
  check_eq(h:card_strength("field_medic"), 5)
  check_eq(h:strength(1, "land"), 5)
end)

scenario("g:param in a house rule's hook: the momentum rule adds momentum_vp to a second battle won in a row", function()
  for _, case in ipairs({ { params = nil, bonus = 2 }, { params = { momentum_vp = 5 }, bonus = 5 } }) do
    local g = new_game{ cards = set, rules = { momentum }, params = case.params, seed = 3 }
    local first = g:first()
    g:act(g:legal()[1])      -- the 1st player plays; the other withdraws with 6 cards: 2 VP (the chart)
    g:withdraw()
    check_eq(g:score(first), 2, "battle 1: no battle before it")
    check_eq(g:to_act(), 3 - first, "battle 2: the other player is 1st now")
    g:withdraw()             -- and withdraws at once: the same player wins again
    check_eq(g:score(first), 2 + 2 + case.bonus, "battle 2: the chart's 2 VP and momentum_vp")
  end
end)

scenario("every script reads params: g:param of the rule's own, of the set's, and params.NAME", function()
  local g = new_game{ cards = set, rules = { probe }, params = { medic_strength = 3 }, seed = 1 }
  local log = table.concat(g:messages(1), "\n")
  check(log:find("probe_half 0.5, medic_strength 3, params.medic_strength 3", 1, true), log)
end)

scenario("g:param of a name nobody declares is an error naming the params there are", function()
  check_error(function() new_game{ cards = set, rules = { probe }, params = { probe_missing = 1 }, seed = 1 } end,
              "g:param: no param 'nobody_declares_this' (params: medic_strength, probe_half, probe_missing)")
end)

scenario("a value for a param nobody declares is refused, naming the nearest", function()
  check_error(function() setup{ cards = set, params = { medic_strenght = 2 } } end,
              "no param 'medic_strenght' (did you mean 'medic_strength'?); params: medic_strength")
  check_error(function() setup{ cards = set, params = { medic_strength = "two" } } end, "setup: params must be a table")
end)
