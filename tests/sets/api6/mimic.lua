-- Mimic as printed, an ongoing card (API 6): "While faceup, this card has the ability of the card
-- it covers." An instant it covers resolves as Mimic's own when Mimic comes faceup (its ability,
-- g:use_ability); an ongoing or triggered card's effects and triggers are Mimic's while faceup (copies).
local covered = use("stack").below  -- the card directly below this one, or nil

return {
  name = "Mimic", type = "land", strength = 1, kind = "ongoing",
  text = "While faceup, this card has the ability of the card it covers.",
  ability = function(g, this)
    local under = covered(g, this)
    if under and g:ability_of(under).kind == "instant" then g:use_ability(this, under) end
  end,
  copies = function(g, this) return covered(g, this) end,
}
