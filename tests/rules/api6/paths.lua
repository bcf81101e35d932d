-- A path a scenario names that is in neither place it is looked up from says both places
-- (a rules file or a card set folder: the scenario's folder first, then the working directory).
scenario("a missing rules file or set folder names the folders it was looked up from", function()
  check_error(function() setup{ rules = { "rules/momentum.lua" } } end, "looked up from the scenario's folder")
  check_error(function() setup{ rules = { "rules/momentum.lua" } } end, "and from the working directory")
  check_error(function() setup{ cards = "./nowhere" } end, "no such card set folder './nowhere'")
end)
