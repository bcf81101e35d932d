return { type = "air", strength = 2 }
