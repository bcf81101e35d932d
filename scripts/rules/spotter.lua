-- Spotter (a house rule): once per battle, instead of playing a card, a player may pay 1 VP to
-- look at one facedown card. A turn action (docs/modding.md, "Turn actions"): offered beside the
-- plays and withdrawal while the player has a VP to pay and a facedown card they do not know.
return function(rules)
  rules.turn_actions = function(g, player)
    if g:score(player) < 1 or g:counter(player, "spotted") == g:battle() then return nil end
    local unknown = {}
    for _, id in ipairs(g:cards{ facedown = true }) do
      if not g:knows(player, id) then unknown[#unknown + 1] = id end
    end
    if #unknown == 0 then return nil end
    return {
      { text = "spot a facedown card (pay 1 VP)", run = function(game, p)  -- (p is player)
          game:lose_vp(p, 1)
          game:set_counter(p, "spotted", game:battle())
          game:reveal(game:choose_card(p, unknown, { prompt = "look at which card?" }), p)
        end },
    }
  end
end
