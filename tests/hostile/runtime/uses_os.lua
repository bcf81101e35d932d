return {
  type = "air", strength = 1, kind = "instant", text = "Runs a command.",
  ability = function(g, card)
    os.execute("true")
  end,
}
