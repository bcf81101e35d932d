-- A second copier: while Mimic is on the board, this card has what Mimic has (a copier of a copier).
return {
  name = "Echo", type = "air", strength = 1, kind = "ongoing",
  text = "While faceup, this card has the ongoing ability Mimic has.",
  copies = function(g, this)
    if g:theater("mimic") then return "mimic" end
    return nil
  end,
}
