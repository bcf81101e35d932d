-- The lists a question is given (g:choose_card, docs/modding.md "Asking"), in every shape a
-- script may give one: read raw (a read-only table's hidden contents, a metamethod never called),
-- repeats offered once, every entry checked, the same refusals for every shape.
local rules = "../../sets/rules/"  -- from this file's folder

local function game(shape)
  return new_game{ rules = { rules .. "list_shapes.lua" }, params = { shape = shape }, seed = 5 }
end

scenario("g:choose_card: a list's repeats are one option each, in the card order a question shows", function()
  local g = game(1)
  local d = g:decision()
  check_eq(d.prompt, "repeated")
  check_eq(d.player, 1)
  check_eq(d.options, { "ambush", "transport" })
  g:choose("transport")
  check(table.concat(g:messages(1), "\n"):find("repeated: transport", 1, true), "the id chosen is returned")
end)

scenario("g:choose_card: a list kept since loading (read-only) is read through its contents", function()
  local g = game(1)
  g:choose("ambush")
  check_eq(g:decision().prompt, "kept")
  check_eq(g:decision().options, { "ambush", "support" })
  g:choose("support")
  check(table.concat(g:messages(1), "\n"):find("kept: support", 1, true))
end)

scenario("g:choose_card: a list with an __index metamethod offers its own entries only", function()
  local g = game(1)
  g:choose("ambush")
  g:choose("ambush")
  check_eq(g:decision().prompt, "metamethod")
  check_eq(g:decision().options, { "support" }, "air_drop, which only __index gives, is not read")
  g:choose("support")
  local lines = table.concat(g:messages(1), "\n")
  check(lines:find("metamethod: support", 1, true), lines)
  check(lines:find("empty: nil", 1, true), "an empty list asks nothing and returns nil")
end)

scenario("g:choose_card: every entry must be a card id: a number names no card, a boolean is no string", function()
  check_error(function() game(2) end, "unknown card '5'")
  check_error(function() game(3) end, "string expected, got boolean")
end)

scenario("g:choose_card: a list longer than a question may be is refused by name", function()
  check_error(function() game(4) end, "g:choose_card: a list of at most 159 entries is expected")
end)
