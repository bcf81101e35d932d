return { type = "air", strength = 4 }
