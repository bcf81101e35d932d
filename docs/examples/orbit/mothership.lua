return { type = "space", strength = 6 }
