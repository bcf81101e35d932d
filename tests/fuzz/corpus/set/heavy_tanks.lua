return { name = "Heavy Tanks", type = "land", strength = 6 }
