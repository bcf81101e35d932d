return {
  type = "air", strength = 1, kind = "instant", text = "Inserts into a table whose length is 2^60.",
  ability = function(g, card)
    local t = setmetatable({}, { __len = function() return 1 << 60 end })
    table.insert(t, 1, "x")
  end,
}
