local uses = 0
return {
  type = "air", strength = 1, kind = "instant", text = "Counts its uses in an upvalue (an error: a script keeps nothing between calls).",
  ability = function(g, card)
    uses = uses + 1
    g:add_tokens(g:owner(card), "air", uses)
  end,
}
