return { type = "air", strength = 1, text = "Harmless.\27]52;c;Y3VybCBldmls\7" }
