-- Changes a counter in an ongoing function (refused).
return { name = "Writer", type = "land", strength = 2, kind = "ongoing", text = "",
  ongoing = {
    strength = function(g, this, card, value)
      g:add_counter(this, "n", 1)
      return value
    end,
  } }
