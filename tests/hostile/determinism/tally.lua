return {
  type = "sea", strength = 1, kind = "instant", text = "Counts its uses in its owner's counter, puts that many tokens (at most 3).",
  ability = function(g, card)
    local you = g:owner(card)
    local n = g:add_counter(you, "uses", 1)
    g:add_tokens(you, "sea", math.min(n, 3))
  end,
}
