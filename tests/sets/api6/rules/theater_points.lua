-- Theater Points: at a battle's end, each player scores 1 VP for each theater they control. A house
-- rule's trigger (API 6, with any set): it acts as a board card's would, all game long.
return {
  triggers = {
    battle_end = function(g, this, e)
      for _, t in ipairs(g:theaters()) do g:gain_vp(g:controller(t), 1) end
    end,
  },
}
