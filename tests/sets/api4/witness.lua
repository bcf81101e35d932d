-- Counts the reveals it sees and logs each event's fields.
return {
  name = "Witness", type = "land", strength = 2, kind = "triggered",
  text = "Whenever a card is revealed, note it.",
  triggers = {
    revealed = function(g, this, e)
      g:add_counter(this, "seen", 1)
      g:log("revealed " .. e.card .. " to " .. tostring(e.to))
    end,
  },
}
