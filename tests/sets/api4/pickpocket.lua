-- Takes the first card of the opponent's hand, or reports that its owner's own is already theirs.
return {
  name = "Pickpocket", type = "sea", strength = 1, kind = "instant",
  text = "Take the first card of your opponent's hand into yours.",
  ability = function(g, this)
    local you = g:owner(this)
    local theirs = g:hand(g:opponent(you))
    if #theirs > 0 then g:to_hand(theirs[1], you) end
    local mine = g:hand(you)
    if #mine > 0 then g:log("again: " .. tostring(g:to_hand(mine[1], you))) end
  end,
}
