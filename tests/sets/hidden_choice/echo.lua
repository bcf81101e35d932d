return { type = "land", strength = 2 }
