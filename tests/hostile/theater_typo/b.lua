return { type = "land", strength = 1 }
