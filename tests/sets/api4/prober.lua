-- Logs what its owner knows of the opponent's hand, and the deck's size as g:deck() sees it.
return {
  name = "Prober", type = "air", strength = 1, kind = "instant",
  text = "Note what you know of the opponent's hand.",
  ability = function(g, this)
    local you = g:owner(this)
    local known = 0
    for _, id in ipairs(g:hand(g:opponent(you))) do
      if g:knows(you, id) then known = known + 1 end
    end
    g:log("knows " .. known .. " of " .. #g:hand(g:opponent(you)) .. "; deck " .. #g:deck() .. " = " .. g:deck_size())
  end,
}
