-- g:choose_option misused, one way per number of cards its owner holds after playing it.
return {
  name = "Bad Option", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this)
    local n = #g:hand(g:owner(this))
    if n == 0 then g:choose_option(1, { "only one" })
    elseif n == 1 then g:choose_option(1, { "same", "same" })
    else g:choose_option(1, { "1", "2", "3", "4", "5", "6", "7", "8", "9" }) end
  end,
}
