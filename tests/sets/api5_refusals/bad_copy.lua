-- A copier whose function names no card (the error names this file and card).
return {
  name = "Bad Copy", type = "sea", strength = 1, kind = "ongoing", text = "",
  copies = function(g, this) return "no_such_card" end,
}
