return {
  type = "air", strength = 1, kind = "instant",
  text = "Chooses by the addresses of two fresh tables: two runs from the same position differ.",
  ability = function(g, card)
    local a, b = tostring({}), tostring({})
    local seen = g:cards{}
    local n = (#a + #b + #tostring(function() end) + tonumber(string.sub(a, -2), 16)) % #seen + 1
    g:flip(seen[n])
  end,
}
