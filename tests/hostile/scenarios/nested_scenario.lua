-- scenario() inside a running scenario once freed the list being iterated (issue 7).
scenario("registers another scenario while running", function()
  for i = 1, 100 do scenario("late " .. i, function() end) end
end)
scenario("the next scenario still runs", function()
  check_eq(1 + 1, 2)
end)
