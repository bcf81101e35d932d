-- Starts a lasting effect with data, then destroys itself: the effect goes on.
return { name = "Martyr", type = "sea", strength = 1, kind = "instant", text = "",
  ability = function(g, this)
    g:effect("banner", "battle_end", { player = g:owner(this), where = g:theater(this), amount = 2, on = true })
    g:destroy(this)
  end,
  effects = {
    banner = {
      total = function(g, this, player, theater, value, data)
        if player == data.player and theater == data.where and data.on then return value + data.amount end
        return value
      end,
      triggers = {
        played = function(g, this, e, data)
          if e.player == data.player then g:add_counter(data.player, "rallies", 1) end
        end,
      },
    },
  } }
