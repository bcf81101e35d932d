return { type = "lnad", strength = 1 }
