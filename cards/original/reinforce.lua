return {
  name = "Reinforce", type = "land", strength = 1, kind = "instant",
  text = "Look at the top card of the deck. You may play it facedown to an adjacent theater.",
  ability = function(g, card)
    local you = g:owner(card)
    local top = g:look(you, 1)[1]  -- it stays on top of the deck while you decide
    if not top then return end
    local options = {}
    for _, t in ipairs(g:adjacent(g:theater(card))) do
      if g:can_play(you, top, t, "facedown") then options[#options + 1] = t end
    end
    local where = g:choose_theater(you, options, { may = true, card = top })
    if where then g:play(you, top, where, "facedown") end
  end,
}
