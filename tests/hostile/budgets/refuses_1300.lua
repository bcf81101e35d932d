-- 1,300 caught refusals cost 5,324,800 instructions: past an ability's 5,000,000.
return {
  type = "air", strength = 1, kind = "instant", text = "Refused 1,300 times.",
  ability = function(g, this)
    for _ = 1, 1300 do pcall(g.flip, g, "no_such_card") end
    g:log("refused 1300 times")
  end,
}
