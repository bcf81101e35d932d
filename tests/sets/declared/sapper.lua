return {
  name = "Sapper", type = "land", strength = 2, kind = "instant",
  text = "Flip one of player 2's facedown cards.",
  ability = { flip = { player = 2, facedown = true } },
}
