return { name = "Ship", type = "sea", strength = 5 }
