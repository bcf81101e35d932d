-- A growing card: a counter on the card, read by an ongoing strength function.
return {
  name = "Veteran", type = "land", strength = 2, kind = "ongoing",
  text = "At the end of each of your turns, this card gains a rank. It has +1 strength per rank.",
  ongoing = {
    strength = function(g, this, card, value)
      if card == this then return value + g:counter(this, "rank") end
      return value
    end,
  },
  triggers = {
    turn_end = function(g, this, e)
      if e.player == g:owner(this) then g:add_counter(this, "rank", 1) end
    end,
  },
}
