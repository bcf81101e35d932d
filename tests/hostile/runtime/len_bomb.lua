return {
  type = "air", strength = 1, kind = "instant",
  text = "Offers a list claiming 2^63-1 entries (once sized a C++ buffer past the memory cap).",
  ability = function(g, card)
    local list = setmetatable({}, { __len = function() return math.maxinteger end, __index = rawequal })
    error("choose_card returned " .. tostring(g:choose_card(1, list)))
  end,
}
