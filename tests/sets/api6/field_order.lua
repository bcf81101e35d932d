-- g:effect's id and g:end_effect's answer, told in the log (a test card).
return {
  name = "Field Order", type = "sea", strength = 1, kind = "instant",
  text = "Starts two marks and ends the first.",
  ability = function(g, this)
    local a = g:effect("mark", "battle_end")
    local b = g:effect("mark", "battle_end")
    g:log(string.format("ids differ: %s; ended: %s; again: %s", tostring(a ~= b), tostring(g:end_effect(a)),
                        tostring(g:end_effect(a))))
    g:log("left: " .. b)
  end,
  effects = {
    mark = {
      triggers = { played = function(g, this, e, data) g:log("mark " .. data.id .. " sees " .. e.card) end },
    },
  },
}
