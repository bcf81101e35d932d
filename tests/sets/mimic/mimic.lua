-- Mimic: "While faceup, this card has the ability of the card it covers." Any card: an instant
-- it covers resolves as Mimic's own when Mimic is revealed (g:use_ability); an ongoing or
-- triggered card's effects and triggers are Mimic's while it is faceup (copies).
local covered = use("stack").below  -- the card directly below this one, or nil

---@type als.Card
return {
  name = "Mimic", type = "land", strength = 1, kind = "instant",
  text = "While faceup, this card has the ability of the card it covers.",
  ability = function(g, this)
    local under = covered(g, this)
    if under and g:ability_of(under).kind == "instant" then g:use_ability(this, under) end
  end,
  copies = function(g, this) return covered(g, this) end,
}
