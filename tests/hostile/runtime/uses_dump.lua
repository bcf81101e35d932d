return {
  type = "air", strength = 1, kind = "instant", text = "Dumps bytecode.",
  ability = function(g, card)
    string.dump(function() end)
  end,
}
