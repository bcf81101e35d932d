-- A typo in an event's field (e.cuase): an error naming the nearest field, not a silent nil.
return {
  name = "Slip", type = "land", strength = 1, kind = "triggered", text = "",
  triggers = {
    played = function(g, this, e)
      if e.card ~= this and e.cause == nil and e.cuase == nil then g:log("never reached") end
    end,
  },
}
