// The variant lab (docs/design.md, "The variant lab"): the code behind als compare, als sweep and
// als simulate's runs, which the commands and the Python module (als.compare, als.sweep,
// als.simulate) both call. This file: a variant as typed, its params, and loading it.
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine.h"
#include "loader.h"

namespace als::lab {

/// A variant as a command names it: a card set, house rules in order, and param values
/// (docs/variants.md): --param flags as typed, then the spec's own ?NAME=VALUE,... (they win).
struct VariantSpec {
  std::string cards = "standard";
  std::vector<std::string> rules;
  std::vector<std::string> param_flags;  // --param NAME=VALUE, as typed (each may list several: a=1,b=2)
  ParamValues params;                    // a variant spec's ?NAME=VALUE,... (they win over --param)
};

/// What the lab refuses to run, and why: `what()` the reason as the command prints it after
/// "als COMMAND: " (or, for `context` "--merge", after "als COMMAND --merge: "). A run that is
/// refused has played nothing and written nothing.
class Refused : public std::runtime_error {
 public:
  explicit Refused(const std::string& why, std::string context = "") : std::runtime_error(why), context_(std::move(context)) {}
  /// "" or "--merge".
  const std::string& context() const { return context_; }

 private:
  std::string context_;
};

/// Reads "NAME=VALUE,NAME=VALUE..." (VALUE a finite number from -kMaxParam to kMaxParam) onto the
/// end of `out`; false (with `why`) for anything else.
bool parse_params(const std::string& text, ParamValues& out, std::string& why);
/// The param values a load uses: every --param in order, then the spec's own (the last of a name
/// wins). False (with `why`) for a --param that does not read.
bool param_values(const VariantSpec& c, ParamValues& out, std::string& why);
/// A variant as typed: `SET` or `SET+RULE+RULE...`, optionally `?NAME=VALUE,...` for its params
/// (docs/variants.md). Sets out.cards, out.rules and out.params (param_flags untouched). Returns
/// false (with `why`) for an empty part or a param that does not read.
bool parse_variant(const std::string& spec, VariantSpec& out, std::string& why);
/// Loads variant `v` from the bundled files in `data_dir` (or the paths it names). Throws
/// LoadError with the loader's message (file, line, card), or for a --param that does not read.
std::shared_ptr<Engine> load_variant(const VariantSpec& v, const std::string& data_dir);

/// Splits "NAME=SPEC" into its label and spec ("" label when the text has none: an '=' after a
/// '/', '+' or '?' belongs to the spec). False (with `why`) for an empty label or spec.
bool split_label(const std::string& text, std::string& label, std::string& spec, std::string& why);
/// Splits "NAME=SPEC", an agent with a label ("strong=mcts:iterations=800", "pimc=exec:python3
/// pimc.py"), into its label and spec: a label is the text before the first '=' when that text
/// is a name (letters, digits, '_', '-', '.'; no ':' or ','), so that a spec's own options
/// ("mcts:iterations=800") are never read as one. "" label for an agent without one.
void split_agent_label(const std::string& text, std::string& label, std::string& spec);
/// Splits a list of agent specs at the commas that begin a new agent ("greedy,mcts:iterations=200,c=0.7"
/// is greedy and mcts:iterations=200,c=0.7: a part "key=value" continues the agent before it,
/// unless it is an agent with a label: "mcts:200,strong=greedy" is two agents).
std::vector<std::string> split_agents(const std::string& list);

}  // namespace als::lab
