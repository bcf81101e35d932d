-- Fetches a destroyed card: destroyed cards go to the bottom of the deck (ruling 18).
return {
  name = "Recall", type = "land", strength = 1, kind = "instant",
  text = "Take the bottom card of the deck into your hand.",
  ability = function(g, this)
    local deck = g:deck()
    if #deck > 0 then g:to_hand(deck[#deck], g:owner(this)) end
  end,
}
