return function(rules) rules.hand_sise = 5 end  -- a typo once loaded as ok
