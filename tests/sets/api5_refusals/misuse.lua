-- g:use_ability misused: another card as `this` (1 card left in hand), an ongoing card's ability
-- (2 cards left), and its own ability, over and over (3 or more).
return {
  name = "Misuse", type = "land", strength = 1, kind = "instant", text = "",
  ability = function(g, this)
    local left = g:hand_size(g:owner(this))
    if left == 1 then g:use_ability("heavy_tanks", "air_drop")
    elseif left == 2 then g:use_ability(this, "escalation")
    else g:use_ability(this, "misuse") end
  end,
}
