return { name = "Plane", type = "air", strength = 5 }
