return {
  name = "Minefield", type = "sea", strength = 2, kind = "ongoing",
  text = "A card of printed strength 4 or more your opponent plays faceup to this theater is destroyed.",
  ongoing = {
    destroys_play = function(g, this, card, player, theater, face)
      return player ~= g:owner(this) and theater == g:theater(this) and face == "faceup"
        and g:printed_strength(card) >= 4
    end,
  },
}
