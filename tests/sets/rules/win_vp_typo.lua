-- A param's name mistyped: the field read nil, which is refused by name.
return function(rules)
  rules.params = { win_vp = 12 }
  rules.vp_target = params.win_vpp
end
