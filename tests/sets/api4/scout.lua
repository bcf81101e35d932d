-- Shows its owner the opponent's facedown cards, one id at a time.
return {
  name = "Scout", type = "air", strength = 1, kind = "instant",
  text = "Look at your opponent's facedown cards.",
  ability = function(g, this)
    local you = g:owner(this)
    for _, id in ipairs(g:cards{ player = g:opponent(you), facedown = true }) do g:reveal(id, you) end
  end,
}
