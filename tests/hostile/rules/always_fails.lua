-- A house rule whose every game fails at its first turn's end (a variant in which nothing can be
-- measured: als compare must say so and decide nothing, issue 36).
return function(rules)
  rules.turn_end = function(g, p)
    error("this rule fails every game")
  end
end
