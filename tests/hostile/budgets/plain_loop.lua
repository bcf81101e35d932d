return {
  type = "air", strength = 1, kind = "instant", text = "A plain loop to the budget.",
  ability = function(g, this)
    local n = 0
    while true do n = n + 1 end
  end,
}
