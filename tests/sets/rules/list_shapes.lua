-- g:choose_card given its list in every shape a script may give it (tests/rules/sandbox/lists.lua):
-- param `shape` picks one; the battle_start hook asks player 1 and logs the answer.
--   1: ids repeated (each an option once), then the same ids from a list kept since loading (a
--      read-only table, read through its hidden contents), then a list with an __index
--      metamethod (only its own entries are read), then an empty list (nothing asked: nil)
--   2: a number among the ids;  3: a boolean among the ids;  4: a list longer than a question may be
local kept = { "ambush", "support" }
return {
  params = { shape = 1 },
  battle_start = function(g)
    local shape = g:param("shape")
    local function ask(list, prompt)
      local id = g:choose_card(1, list, { prompt = prompt })
      g:log(prompt .. ": " .. tostring(id))
    end
    if shape == 1 then
      ask({ "transport", "ambush", "transport", "ambush", "transport" }, "repeated")
      ask(kept, "kept")
      ask(setmetatable({ "support" }, { __index = function() return "air_drop" end }), "metamethod")
      ask({}, "empty")
    elseif shape == 2 then
      ask({ "ambush", 5 }, "number")
    elseif shape == 3 then
      ask({ "ambush", true }, "boolean")
    else
      local long = {}
      for i = 1, 200 do long[i] = "ambush" end
      ask(long, "long")
    end
  end,
}
