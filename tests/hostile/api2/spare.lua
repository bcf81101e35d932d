return { type = "sea", strength = 2 }
