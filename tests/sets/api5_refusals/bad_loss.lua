return {
  name = "Bad Loss", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this)
    local you = g:owner(this)
    local left = #g:hand(you)
    if left == 0 then g:lose_vp(you, -1)
    elseif left == 1 then g:lose_vp(you, 10001)
    else g:lose_vp(3, 1) end
  end,
}
