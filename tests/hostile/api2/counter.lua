local uses = 0
return {
  type = "air", strength = 1, kind = "instant", text = "Counts its uses in an upvalue, puts that many tokens.",
  ability = function(g, card)
    uses = uses + 1
    g:add_tokens(g:owner(card), "air", uses)
  end,
}
