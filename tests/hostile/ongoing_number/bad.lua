return { type = "air", strength = 1, kind = "ongoing", text = "Holds a number.", ongoing = { 1 } }
