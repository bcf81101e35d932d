-- Abilities with a typo each (tests/unit/test_hostile.cpp): the error names the nearest known name;
-- and numbers where integers belong ("2", 2.5), refused rather than converted.
return { name = "typos", api = 2, theaters = { "air", "land", "sea" }, rules = { hand_size = 1 },
         cards = { "plain", "verb", "card", "theater", "option", "filter", "text_number", "fraction", "text_player" } }
