return { name = "api1-trigger", api = 1, theaters = { "air" }, cards = { "a", "b" } }
