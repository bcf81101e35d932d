-- A question in words (API 4's g:choose_option): the opponent picks what it costs them.
return {
  name = "Ultimatum", type = "land", strength = 1, kind = "instant",
  text = "Your opponent chooses: they flip one of their faceup cards facedown, or you gain 1 VP.",
  ability = function(g, this)
    local you = g:owner(this)
    local them = g:opponent(you)
    local theirs = g:cards{ player = them, faceup = true, flippable = true }
    if #theirs == 0 then
      g:gain_vp(you, 1)
      return
    end
    local pick = g:choose_option(them, { "flip a card", "give 1 VP" }, { prompt = "ultimatum: flip a card or give 1 VP" })
    if pick == "flip a card" then
      g:flip(g:choose_card(them, theirs, { prompt = "the card to flip facedown" }))
    else
      g:gain_vp(you, 1)
    end
  end,
}
