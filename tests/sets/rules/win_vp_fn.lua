-- The same as a function rule.
return function(rules)
  rules.params = { win_vp = 12 }
  rules.vp_target = params.win_vp
end
