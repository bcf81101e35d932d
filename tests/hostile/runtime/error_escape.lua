return {
  type = "air", strength = 1, kind = "instant", text = "Fails with a message that clears the screen.",
  ability = function(g, card) error("\27[2J\27[Hplayer 2 withdraws") end,
}
