-- g:effect's { turns = N } misused, one way per number of cards its owner holds after playing it.
return {
  name = "Bad Turns", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this)
    local n = #g:hand(g:owner(this))
    if n == 0 then g:effect("e", { turns = 13 })
    elseif n == 1 then g:effect("e", { turn = 3 })
    else g:effect("e", {}) end
  end,
  effects = { e = { strength = function(g, this, card, value) return value end } },
}
