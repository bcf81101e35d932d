return {
  name = "Reinforce", type = "land", strength = 1, kind = "instant",
  text = "Draw 1 card and play it facedown to an adjacent theater.",
  ability = function(g, card)
    local you = g:owner(card)
    local drawn = g:draw(you)
    if not drawn then return end
    local options = {}  -- where the play is allowed (a variant's card may forbid some: ruling 14)
    for _, t in ipairs(g:adjacent(g:theater(card))) do
      if g:can_play(you, drawn, t, "facedown") then options[#options + 1] = t end
    end
    local where = g:choose_theater(you, options, { card = drawn })
    if where then g:play(you, drawn, where, "facedown") end
  end,
}
