-- A plain land card: how strong should it be to win as often as the set's other cards?
return { name = "Field Medic", type = "land", strength = params.medic_strength }
