return { name = "Dealer", type = "sea", strength = 5, kind = "instant", text = "",
  ability = function(g, this)
    local ids = g:deal(g:owner(this), 3)
    g:set_counter(g:owner(this), "dealt", #ids)
  end }
