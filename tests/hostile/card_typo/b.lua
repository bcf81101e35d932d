return { type = "air", strenght = 3, strength = 1 }  -- a typo once loaded as ok
