return {
  type = "air", strength = 1, kind = "instant", text = "Logs what the new queries say.",
  ability = function(g, card)
    local you = g:owner(card)
    g:log(string.format("score %d-%d target %d battle %d first %d turn %d hand %d controller %d can %s",
      g:score(1), g:score(2), g:vp_target(), g:battle(), g:first(), g:turn(), g:hand_size(you),
      g:controller("air"), tostring(g:can_play(you, "other", "land", "faceup"))))
    g:gain_vp(you, 2)
  end,
}
