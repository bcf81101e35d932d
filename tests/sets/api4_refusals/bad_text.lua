-- g:choose_option's texts misused, one way per number of cards its owner holds after playing it.
return {
  name = "Bad Text", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this)
    local n = #g:hand(g:owner(this))
    if n == 0 then g:choose_option(1, { "yes", "none" }, { may = true })
    elseif n == 1 then g:choose_option(1, { "yes", string.rep("x", 41) })
    else g:choose_option(1, { "yes", 2 }) end
  end,
}
