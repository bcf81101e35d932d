return {
  name = "Garrison", type = "land", strength = 2, kind = "ongoing",
  text = "At the end of the battle, if you control this theater, you gain 2 VP.",
  triggers = { battle_end = use("vp").if_control(2) },
}
