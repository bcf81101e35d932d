return {
  type = "air", strength = 1, kind = "instant", text = "Makes a string of 100,000 bytes.",
  ability = function(g, this) local s = string.rep("ab", 50000) g:log(s:sub(1, 10)) end,
}
