return {
  name = "Overreach", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this)
    local you = g:owner(this)
    if #g:hand(you) == 0 then g:lose_vp(g:opponent(you), 1) else g:turn_number() end
  end,
}
