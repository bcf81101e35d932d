-- (tests/sets/texts) One text given twice: as a prompt (any printable text), then as a counter's name (a plain word
-- only). The second use is checked by its own rule, however recently the text passed the first.
return { name = "Reworded", type = "air", strength = 1, kind = "instant", text = "",
  ability = function(g, this)
    local text = "two words"
    g:choose_theater(g:owner(this), { "land", "sea" }, { prompt = text })
    g:add_counter(this, "fine", 1)
    g:add_counter(this, text, 1)
  end }
