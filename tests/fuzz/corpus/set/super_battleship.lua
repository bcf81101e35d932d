return { name = "Super Battleship", type = "sea", strength = 6 }
