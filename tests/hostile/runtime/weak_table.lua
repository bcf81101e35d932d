return {
  type = "air", strength = 1, kind = "instant", text = "A weak table: its contents depend on the collector.",
  ability = function(g, card)
    setmetatable({}, { __mode = "k" })
  end,
}
