-- House rule with a trigger event's name where a hook belongs (tests/rules/api4/comforts.lua).
return { battle_end = function(g) end }
