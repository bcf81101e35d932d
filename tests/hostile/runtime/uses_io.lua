return {
  type = "air", strength = 1, kind = "instant", text = "Opens a file.",
  ability = function(g, card)
    io.open("/etc/passwd")
  end,
}
