-- A house rule that names a measure as g:measure refuses (tests/rules/variants/measure.lua).
return { turn_end = function(g) g:measure("Turns Ended") end }
