-- A set table whose every read would run a metamethod that errors, loops and eats memory: read
-- outside a protected call, this once made Lua abort() with no message (issue 7, item 3).
local bomb = function()
  local t = {}
  for i = 1, 1e9 do t[i] = string.rep("x", 4096) .. i end
end
return setmetatable({}, { __index = bomb, __len = bomb, __pairs = bomb })
