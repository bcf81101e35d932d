return { name = "Gunner", type = "sea", strength = 4 }
