-- A triggered card (its only ability is its triggers), reading the cause of an event.
return {
  name = "Tripwire", type = "air", strength = 4, kind = "triggered",
  text = "Whenever an ability of your opponent's flips one of your cards, you gain 1 VP.",
  triggers = {
    flipped = function(g, this, e)
      local you = g:owner(this)
      if e.cause and e.cause ~= "rule" and g:owner(e.cause) == g:opponent(you) and g:owner(e.card) == you then
        g:gain_vp(you, 1)
      end
    end,
  },
}
