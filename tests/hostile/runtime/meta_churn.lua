return {
  type = "air", strength = 1, kind = "instant", text = "Makes 2,000 tables with metatables, every time.",
  ability = function(g, card)
    for i = 1, 2000 do setmetatable({}, { __index = { i = i } }) end
  end,
}
