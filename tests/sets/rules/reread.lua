-- A house rule whose hooks read strengths and control, change the game, and read them again
-- (tests/rules/variants/reread.lua): turn_end flips the top card of the player's side of land
-- and logs land's strength and controller before and after; battle_over logs them twice.
return {
  turn_end = function(g, player)
    local function land() return g:strength(player, "land") .. "/" .. g:controller("land") end
    local before = land()
    local top = g:cards{ player = player, theater = "land", uncovered = true }
    if #top == 0 then return end
    g:flip(top[1])
    g:log("turn_end: before " .. before .. ", after " .. land())
  end,
  battle_over = function(g)
    local a = g:strength(1, "land") .. "/" .. g:controller("land")
    local b = g:strength(1, "land") .. "/" .. g:controller("land")
    return a ~= b  -- never: nothing changes inside an answering hook
  end,
}
