-- An effect until the start of its player's next turn (API 4), whose own turn_start trigger
-- fires at every turn start while it lasts, the last one included.
return {
  name = "Sentry", type = "land", strength = 2, kind = "instant",
  text = "Until the start of your next turn, your opponent's cards in this theater have -2 strength.",
  ability = function(g, this)
    g:effect("watch", "own_next_turn_start", { where = g:theater(this) })
  end,
  effects = {
    watch = {
      strength = function(g, this, card, value, data)
        if g:theater(card) == data.where and g:owner(card) ~= data.player then return value - 2 end
        return value
      end,
      triggers = {
        turn_start = function(g, this, e, data)
          g:log("watch of player " .. data.player .. " (from turn " .. data.started_turn .. ") sees turn " ..
                g:turn_number() .. " of player " .. e.player)
        end,
      },
    },
  },
}
