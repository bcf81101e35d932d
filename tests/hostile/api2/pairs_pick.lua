local weights = { sea = 1, air = 2, land = 3, zone_7 = 4, alpha = 5, omega = 6 }
return {
  type = "air", strength = 1, kind = "instant",
  text = "Puts a token in the first theater pairs gives (the same in every process).",
  ability = function(g, card)
    for k in pairs(weights) do
      if k == "air" or k == "land" or k == "sea" then
        g:add_tokens(g:owner(card), k, 1)
        return
      end
    end
  end,
}
