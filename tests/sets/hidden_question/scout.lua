-- Scout: which question it asks depends on the deck's top card, which its owner does not see.
return {
  name = "Scout", type = "sea", strength = 1, kind = "instant",
  text = "If the top card of the deck is an air card, choose a theater; else choose one of your cards.",
  ability = function(g, this)
    local you = g:owner(this)
    local top = g:deck()[1]
    if top and g:type(top) == "air" then
      g:choose_theater(you, g:theaters(), { prompt = "a theater" })
    else
      g:choose_card(you, g:cards{ player = you }, { prompt = "one of your cards" })
    end
  end,
}
