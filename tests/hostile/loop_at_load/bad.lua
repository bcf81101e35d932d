while true do end
return { type = "air", strength = 1 }
