-- How an instant came faceup (API 6): its ability's third argument.
return {
  name = "Requisition", type = "air", strength = 1, kind = "instant",
  text = "When this card is played faceup (not flipped faceup), take the deck's top card into your hand.",
  ability = function(g, this, how)
    g:log("requisition how: " .. how)
    if how == "played" then g:deal(g:owner(this), 1) end
  end,
}
