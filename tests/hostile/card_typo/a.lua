return { type = "air", strength = 1 }
