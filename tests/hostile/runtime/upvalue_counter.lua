local n = 0
return {
  type = "air", strength = 1, kind = "instant",
  text = "Counts its uses in an upvalue: assigning a variable the file shares is an error.",
  ability = function(g, card)
    n = n + 1
    if n ~= 1 then error("an upvalue kept its value from an earlier call: " .. n) end
  end,
}
