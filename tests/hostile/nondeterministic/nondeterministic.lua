return {
  type = "air", strength = 1, kind = "instant",
  text = "Chooses by the address of a fresh table: once different in every process, now the same.",
  ability = function(g, card)
    local a = tostring({}) .. string.format("%s", function() end)  -- once "table: 0x55d0c3a2b6f0..."
    local digits = a:gsub("[^%x]", "")
    local seen = g:cards{}
    local n = (#a + #digits + (tonumber(digits:sub(-2), 16) or 0)) % #seen + 1
    g:flip(seen[n])
  end,
}
