-- Counts the reveals it sees and logs each event's fields.
return {
  name = "Witness", type = "land", strength = 2, kind = "triggered",
  text = "Whenever a card is revealed or taken into a hand, note it.",
  triggers = {
    revealed = function(g, this, e)
      if g:theater(this) then g:add_counter(this, "seen", 1) end
      g:log("revealed " .. e.card .. " to " .. tostring(e.to))
    end,
    to_hand = function(g, this, e)
      if g:theater(this) then g:add_counter(this, "taken", 1) end
      g:log("to_hand " .. e.card .. " to " .. e.player .. " from " .. e.from)
    end,
  },
}
