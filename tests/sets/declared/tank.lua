return { name = "Tank", type = "land", strength = 5 }
