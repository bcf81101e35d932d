-- A copier of Requisition's ability (g:use_ability): its `how` is "copied".
return {
  name = "Echo Relay", type = "land", strength = 1, kind = "instant",
  text = "Use Requisition's ability.",
  ability = function(g, this) g:use_ability(this, "requisition") end,
}
