-- 1,000 caught refusals cost 4,096,000 instructions: within an ability's 5,000,000.
return {
  type = "air", strength = 1, kind = "instant", text = "Refused 1,000 times.",
  ability = function(g, this)
    for _ = 1, 1000 do pcall(g.flip, g, "no_such_card") end
    g:log("refused 1000 times")
  end,
}
