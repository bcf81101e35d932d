return { withdraw_chart = { {-1}, {6} } }  -- negative VP once wrapped
