-- Ambush Party: a reaction from the hand (hand_triggers, API 5). It waits in its owner's hand;
-- the opponent learns nothing of it until it is played (the question reads "player N decides").
---@type als.Card
return {
  name = "Ambush Party", type = "land", strength = 2, kind = "triggered",
  text = "When your opponent plays a card to a theater adjacent to one where your top card is facedown, "
      .. "you may at once play this card from your hand facedown to that theater, out of turn.",
  hand_triggers = {
    played = function(g, this, e)
      local you = g:owner(this)
      if e.player == you then return end
      local ready = false
      for _, t in ipairs(g:adjacent(e.theater)) do
        local top = g:cards{ player = you, theater = t, uncovered = true }[1]
        if top and not g:is_faceup(top) then ready = true end
      end
      -- No question where the play is impossible: asking would tell the opponent something.
      if not ready or not g:can_play(you, this, e.theater, "facedown") then return end
      local pick = g:choose_option(you, { "play it now", "wait" }, { prompt = "Play Ambush Party facedown to " .. e.theater .. "?" })
      if pick == "play it now" then g:play(you, this, e.theater, "facedown") end
    end,
  },
}
