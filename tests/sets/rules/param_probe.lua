-- A house rule with params of its own: its battle_start hook logs g:param of a declared param, of
-- the set's (tuning's medic_strength), and, when probe_missing is 1, of one nobody declares
-- (tests/rules/variants/params.lua).
return {
  params = { probe_missing = 0, probe_half = 0.5 },
  battle_start = function(g)
    g:log("probe_half " .. g:param("probe_half") .. ", medic_strength " .. g:param("medic_strength") ..
          ", params.medic_strength " .. tostring(params.medic_strength))
    if g:param("probe_missing") == 1 then g:param("nobody_declares_this") end
  end,
}
