// Loading a card set and its house rules into an Engine (loader.cpp): the only way the program
// reads card sets, as Lua scripts in a sandbox (script/binding.h implements the core's Scripts).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "engine.h"
#include "policy.h"

namespace als {

/// Values for declared params, by name (--param NAME=VALUE, a spec's ?NAME=VALUE).
using ParamValues = std::vector<std::pair<std::string, double>>;

/// Loads a card set (a bundled name under `data_dir`/cards, or a folder path) and house rules
/// (bundled names under `data_dir`/scripts/rules, or .lua paths, applied in order) and returns
/// the engine that plays them. Validates everything (docs/modding.md, "Validation") and computes
/// the content hash of every file read (set.lua, cards, libraries, rules). Throws LoadError
/// naming the file, the line and the card. `params` replace the values the set and rules declare
/// (`params = {...}`: read by card fields and scripts as `params.NAME`, by g:param); a name none
/// of them declares is a LoadError naming the nearest. The values are part of the content hash.
/// `policy`: who named the set and rules (policy.h); every file loading opens (set.lua, card
/// files, the set it extends, libraries, house rules) passes it, links followed, beside the
/// bundled files under `data_dir` (a LoadError naming a file it refuses).
std::shared_ptr<Engine> load_engine(const std::string& cards, const std::vector<std::string>& rules,
                                    const std::string& data_dir, const ParamValues& params = {},
                                    const Policy& policy = Policy::user());
/// Throws LoadError for a name in `given` that `declared` lacks, naming the nearest declared one.
void check_param_names(const ParamValues& given, const std::vector<std::pair<std::string, double>>& declared);

/// The fields a card's table may have (docs/modding.md, "A card script").
inline constexpr const char* kCardFields[] = {"name", "type", "strength", "kind", "text",
                                              "ability", "ongoing", "triggers", "effects", "copies", "hand_triggers",
                                              "may_play", "instead"};
/// The fields a rules table may have besides its hooks (kHookTable; docs/modding.md, "Rules").
inline constexpr const char* kRuleFields[] = {"vp_target", "battle_vp",  "withdraw_chart",       "hand_size",
                                              "facedown_strength", "instants", "interrupt_flipped", "flip_covered",
                                              "rotation",  "theaters",   "random_theater_order", "max_actions",
                                              "effects", "params", "triggers", "instead"};

}  // namespace als
