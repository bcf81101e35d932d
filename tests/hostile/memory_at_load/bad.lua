local t = {}
for i = 1, 1e9 do t[i] = string.rep("y", 65536) .. i end
return { type = "air", strength = 1 }
