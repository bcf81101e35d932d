-- The sandbox is reproducible by construction (docs/modding.md, "Safety"): scenario files run in
-- the same sandbox as card scripts.

scenario("pairs iterates numbers ascending, then strings in byte order, then false and true", function()
  local t = { zeta = 1, alpha = 2, [10] = 3, [2] = 4, [-1.5] = 5, [true] = 6, [false] = 7, Beta = 8 }
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  check_eq(keys, { -1.5, 2, 10, "Beta", "alpha", "zeta", false, true })
end)

scenario("next follows the same order and ends with nil", function()
  local t = { b = 1, a = 2, [3] = 3 }
  local k1 = next(t)
  local k2 = next(t, k1)
  local k3 = next(t, k2)
  check_eq({ k1, k2, k3 }, { 3, "a", "b" })
  check_eq(next(t, k3), nil)
  check_eq(next({}), nil)
  check_error(function() next(t, "missing") end, "invalid key to 'next'")
end)

scenario("a table with a key that has no reproducible order cannot be iterated", function()
  check_error(function() for _ in pairs({ [{}] = 1 }) do end end, "cannot be iterated in a reproducible order")
end)

scenario("entries removed during pairs are skipped, as in plain Lua", function()
  local t = { a = 1, b = 2, c = 3 }
  local seen = {}
  for k in pairs(t) do
    seen[#seen + 1] = k
    t.b = nil
  end
  check_eq(seen, { "a", "c" })
end)

scenario("table.sort is stable: equal elements keep their order", function()
  local t = {}
  for i = 1, 300 do t[i] = { key = i % 3, n = i } end
  table.sort(t, function(x, y) return x.key < y.key end)
  for i = 2, 300 do
    check(t[i - 1].key < t[i].key or (t[i - 1].key == t[i].key and t[i - 1].n < t[i].n), "order at " .. i)
  end
  local words = { "c", "a", "b" }
  table.sort(words)
  check_eq(words, { "a", "b", "c" })
end)

scenario("the table library keeps its behaviour", function()
  local t = { 1, 2, 3 }
  table.insert(t, 4)
  table.insert(t, 1, 0)
  check_eq(t, { 0, 1, 2, 3, 4 })
  check_eq(table.remove(t, 1), 0)
  check_eq(table.remove(t), 4)
  check_eq(t, { 1, 2, 3 })
  check_eq(table.move({ 1, 2, 3 }, 1, 3, 2), { 1, 1, 2, 3 })
  check_eq(table.concat({ 1, "a", 2 }, "-"), "1-a-2")
  check_eq(table.concat({ "a", "b", "c" }, ",", 2, 3), "b,c")
  check_eq(select("#", table.unpack({ 1, 2, 3 })), 3)
  check_error(function() table.insert(t, 9, 1) end, "position out of bounds")
  check_error(function() table.concat({ {} }) end, "invalid value (at index 1)")
  -- insert and remove (in C, charged by the elements they move) at their edges, and refused
  local u = {}
  check_eq(table.remove(u), nil)
  check_eq(table.remove(u, 1), nil) -- #t + 1
  table.insert(u, 1, "a")
  table.insert(u, 2, "c")
  table.insert(u, 2, "b")
  check_eq(u, { "a", "b", "c" })
  check_eq(table.remove(u, 4), nil)
  check_eq(table.remove(u, 2), "b")
  check_eq(u, { "a", "c" })
  check_error(function() table.remove(u, 5) end, "bad argument #2 to 'remove' (position out of bounds)")
  check_error(function() table.remove(u, 0) end, "bad argument #2 to 'remove' (position out of bounds)")
  check_error(function() table.insert(u, 0, "x") end, "bad argument #2 to 'insert' (position out of bounds)")
  check_error(function() table.insert(u, 1.5, "x") end,
    "bad argument #2 to 'insert' (number has no integer representation)")
  check_error(function() table.remove(u, "1") end,
    "bad argument #2 to 'remove' (number has no integer representation)")
  check_error(function() table.insert(u) end, "wrong number of arguments to 'insert'")
  check_error(function() table.insert(u, 1, 2, 3) end, "wrong number of arguments to 'insert'")
  check_error(function() table.remove("x") end, "bad argument #1 to 'remove' (table expected, got string)")
  check_error(function() table.insert() end, "bad argument #1 to 'insert' (table expected, got nil)")
  check_eq(u, { "a", "c" })
  -- #t and t[i] through their metamethods, as the library reads them
  local log = {}
  local p = setmetatable({}, {
    __len = function() return 2 end,
    __index = function(_, k) return k * 10 end,
    __newindex = function(_, k, v) log[#log + 1] = k .. "=" .. tostring(v) end,
  })
  check_eq(table.remove(p, 1), 10)
  check_eq(log, { "1=20", "2=nil" })
  log = {}
  table.insert(p, 1, "x")
  check_eq(log, { "3=20", "2=10", "1=x" })
end)

scenario("math.random covers the whole 64-bit range without overflow", function()
  local a = math.random(math.mininteger, math.maxinteger)
  local b = math.random(math.mininteger, math.maxinteger)
  check(a ~= b, "two full-range draws were equal")
  check(math.type(math.random(0)) == "integer")
  for _ = 1, 100 do
    local x = math.random(-3, 3)
    check(x >= -3 and x <= 3, "out of range: " .. x)
  end
end)

scenario("string methods go through the same charged functions", function()
  check_eq(("abc"):rep(2), "abcabc")
  check_eq((""):rep(1 << 40), "")
  check_eq(("a,b"):find(",", 1, true), 2)
  check_eq(select(2, ("x y z"):gsub(" ", "")), 2)
  check_eq(string.dump, nil)  -- luacheck: ignore 143 (its absence is the point)
  check_eq(("").dump, nil)
end)

scenario("a table used as a metatable becomes read-only", function()
  local mt = { __index = function() return 7 end }
  local t = setmetatable({}, mt)
  check_eq(t.anything, 7)
  check_eq(getmetatable(t), mt)
  check_error(function() mt.__mode = "k" end, "read-only")
  check_eq(setmetatable(t, nil), t)  -- it may still be replaced
  check_error(function() setmetatable({}, { __gc = print }) end, "'__gc' is not allowed")
end)

scenario("tostring and string.format give no address: tables and functions read as their type", function()
  check_eq(tostring({}), "table")
  check_eq(tostring(function() end), "function")
  check_eq(string.format("%s/%s", {}, print), "table/function")
  check_eq(tostring(setmetatable({}, { __tostring = function() return "mine" end })), "mine")
  check_error(function() return string.format("%p", {}) end, "'%p' (an address) is not allowed")
end)

scenario("NaN reads \"nan\" on every processor (0/0 is -nan on some)", function()
  check_eq(tostring(0/0), "nan")
  check_eq(tostring(-(0/0)), "nan")
  check_eq(string.format("%f %g %.2e", 0/0, -(0/0), 0/0), "nan nan nan")
  check_eq(string.format("%5.1f", 1.25), "  1.2")
end)

scenario("a card keyed on a table's address plays the same game in every process", function()
  local g = setup{ cards = "../../hostile/nondeterministic", order = { "air", "land", "sea" },
                   hands = { {"nondeterministic"}, {"plain"} }, board = { { land = {"~spare"} }, { sea = {"~other"} } } }
  g:deploy("nondeterministic", "air")
  -- "tablefunction": 13 characters, hex digits "abefc", (13 + 5 + 0xfc) % 3 + 1 = 1: the first
  -- board card, the ability's own, flips facedown (with an address, any of the three could)
  check_eq(g:stack(1, "air"), {"~nondeterministic"})
  check_eq(g:stack(1, "land"), {"~spare"})
  check_eq(g:stack(2, "sea"), {"~other"})
end)
