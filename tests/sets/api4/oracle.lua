-- A question in words that may be declined (`may`): three texts and "none", offered last.
return {
  name = "Oracle", type = "sea", strength = 2, kind = "instant",
  text = "You may choose: draw a card, gain 1 VP, or flip this card facedown.",
  ability = function(g, this)
    local you = g:owner(this)
    local pick = g:choose_option(you, { "draw a card", "gain 1 VP", "flip this card" }, { may = true })
    g:log("oracle: " .. tostring(pick))
    if pick == "draw a card" then g:draw(you)
    elseif pick == "gain 1 VP" then g:gain_vp(you, 1)
    elseif pick == "flip this card" and g:theater(this) then g:flip(this) end  -- (still on the board)
  end,
}
