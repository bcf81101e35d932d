return { name = "Heavy Bombers", type = "air", strength = 6 }
