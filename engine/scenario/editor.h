// The files a Lua editor and linter read (docs/modding.md, "Editors"): a lua-language-server
// definitions file of the card script API, a luacheck configuration and a .luarc.json, all
// generated from the engine's own tables (verbs, hooks, trigger events, ongoing functions, the
// sandbox's globals, the scenario globals), so that they cannot drift from what the engine runs.
#pragma once
#include <string>

namespace als {

/// The lua-language-server definitions file (`---@meta`): every verb of `g` with its parameters,
/// return and doc; the card, effect and rules tables with their functions, hooks and trigger
/// events (each event's `e` fields); `use`; the scenario globals and the test game's methods.
std::string lua_definitions();
/// A luacheck configuration (.luacheckrc, Lua): the globals a card file and a house rule may read
/// (`std = "als"`, exactly the sandbox's), and a scenario's besides (`als_scenario`) for files under
/// folders named tests or scenarios and files ending in .scenario.
std::string luacheck_config();
/// A .luarc.json for a folder of card or rules scripts: Lua 5.4, the libraries the sandbox does
/// not have disabled, and `library` (a path, relative to the folder or absolute) as the folder of
/// the definitions file.
std::string luarc_json(const std::string& library);

}  // namespace als
