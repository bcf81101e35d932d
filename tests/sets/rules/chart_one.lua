-- A withdrawal chart that gives the opponent 1 VP at every hand size (tests/unit/test_agents.cpp: greedy weighs it).
return { withdraw_chart = { {1}, {1} } }
