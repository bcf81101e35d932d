return {
  type = "air", strength = 1, kind = "instant", text = "Leaves a finalizer behind.",
  ability = function(g, card)
    setmetatable({}, { __gc = function() while true do end end })
  end,
}
