-- A card whose text would write the clipboard (OSC 52) when printed at a terminal: refused at load.
return { name = "escapes", api = 1, theaters = { "air", "land" }, rules = { hand_size = 1 }, cards = { "plain", "clipboard" } }
