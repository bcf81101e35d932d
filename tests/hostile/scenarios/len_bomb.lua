-- A list whose __len says 2^31 and whose __index answers every index: setup reads lists raw and
-- bounded, so this is a clear error (it once allocated 2 GB for 18 s and printed std::bad_alloc).
scenario("setup reads a list raw: a huge __len is not believed", function()
  local t = setmetatable({}, { __len = function() return 2^31 end, __index = function() return "air" end })
  check_error(function() setup{ theaters = t } end, "theaters must list 1 to 6 names")
  local long = {}
  for i = 1, 100 do long[i] = "air" end
  check_error(function() setup{ theaters = long } end, "has 100 entries (at most 48)")
end)
