counter = 0
return {
  type = "air", strength = 1, kind = "instant", text = "Counts its uses in a global.",
  ability = function(g, card)
    counter = counter + 1
  end,
}
