return { type = "land", strength = 3 }
