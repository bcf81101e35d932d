// The Python module's C++ half (`als._als`, re-exported by als/__init__.py): the engine's
// EnvGame and EnvState (engine/play/env/env.h) with numpy arrays. docs/python.md is its manual.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "env.h"
#include "errors.h"
#include "lab.h"
#include "loader.h"
#include "mcts.h"
#include "seeds.h"
#include "value_net.h"

namespace py = pybind11;
using als::EnvGame;
using als::EnvState;

namespace {

std::string g_data_dir;  // set once at import (als/__init__.py: als.data_dir())

template <class T>
py::array_t<T> zeros(py::ssize_t n) {
  py::array_t<T> a(n);
  std::fill(a.mutable_data(), a.mutable_data() + n, T{0});
  return a;
}

std::shared_ptr<EnvGame> make_game(const std::string& cards, const std::vector<std::string>& rules,
                                   std::string options, bool chance_nodes, const std::map<std::string, double>& params) {
  if (chance_nodes) options += options.empty() ? "chance_nodes" : ",chance_nodes";
  std::shared_ptr<als::Engine> engine;
  try {
    engine = als::load_engine(cards, rules, g_data_dir, als::ParamValues(params.begin(), params.end()));
  } catch (const std::exception& e) {  // LoadError: the loader's message, naming file, line, card
    throw als::EnvError(e.what());
  }
  auto game = std::make_shared<EnvGame>(std::move(engine), options);
  // A folder or a .lua path by its absolute path, so that a pickle loads in another folder too.
  auto absolute = [](const std::string& spec) {
    std::error_code ec;
    if (spec.find('/') == std::string::npos && !std::filesystem::exists(spec, ec)) return spec;  // a bundled name
    const std::filesystem::path p = std::filesystem::absolute(spec, ec);
    return ec ? spec : p.lexically_normal().string();
  };
  std::vector<std::string> made_rules;
  for (const std::string& r : rules) made_rules.push_back(absolute(r));
  game->set_made_from(absolute(cards), std::move(made_rules), als::ParamValues(params.begin(), params.end()));
  return game;
}

// A tensor's layout as Python reads it: a list of dicts (name, start, shape, columns).
py::list layout(const std::vector<als::TensorSlice>& slices) {
  py::list out;
  for (const als::TensorSlice& t : slices) {
    py::dict d;
    d["name"] = t.name, d["start"] = t.start, d["shape"] = t.shape, d["columns"] = t.columns;
    out.append(d);
  }
  return out;
}

py::dict card_table(const EnvGame& g) {
  py::dict out;
  for (const als::CardDef& c : g.engine().set().cards) {
    py::dict d;
    d["name"] = c.name;
    d["type"] = c.type;
    d["strength"] = c.strength;
    d["kind"] = c.kind == als::Kind::None ? std::string("none") : std::string(als::kind_name(c.kind));
    d["text"] = c.text;
    out[py::str(c.id)] = d;
  }
  return out;
}

// A caller's integer within [lo, hi], else als.Error with `usage` (never a wrapped or overflowed
// value: a Python int of any size is compared as it is).
constexpr long long kMaxScore = 100000000;  // VP: far past any target (the rules allow 10,000)
int checked_int(const py::handle& h, long long lo, long long hi, const char* usage) {
  if (!PyLong_Check(h.ptr()) || PyBool_Check(h.ptr())) throw als::EnvError(usage);
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(h.ptr(), &overflow);
  if (overflow || v < lo || v > hi) throw als::EnvError(usage);
  return static_cast<int>(v);
}

py::array_t<uint8_t> mask(const EnvState& s) {
  auto a = zeros<uint8_t>(s.is_chance_node() ? s.game().max_chance_outcomes() : s.game().num_distinct_actions());
  for (int id : s.legal_actions()) a.mutable_data()[id] = 1;
  return a;
}

void bind_game(py::module_& m) {
  py::class_<EnvGame, std::shared_ptr<EnvGame>>(m, "Game", "A card set with its house rules and options, loaded once.")
      .def(py::init(&make_game), py::arg("cards") = "standard", py::arg("rules") = std::vector<std::string>{},
           py::arg("options") = "", py::arg("chance_nodes") = false,
           py::arg("params") = std::map<std::string, double>{},
           "Game(cards='standard', rules=(), options='', chance_nodes=False, params={}): a bundled set's name "
           "or a folder, house rules (bundled names or .lua paths) and options ('battle_rewards' or "
           "'shaped_rewards', 'chance_nodes', comma-separated; chance_nodes=True adds the latter: every random draw of the "
           "rules is then a chance node); params: {name: number} replacing the values the set and rules "
           "declare (docs/variants.md, as als compare's SET?NAME=VALUE; part of the content hash). "
           "Raises als.Error (an undeclared param names the nearest declared one).")
      .def("__reduce__",
           [](const std::shared_ptr<EnvGame>& g) {
             if (g->made_cards().empty()) throw als::EnvError("pickle: this Game was not loaded by als.Game");
             py::dict params;
             for (const auto& [name, value] : g->made_params()) params[py::str(name)] = value;
             return py::make_tuple(py::module_::import("als").attr("Game"),
                                   py::make_tuple(g->made_cards(), g->made_rules(), g->options_text(), false, params));
           },
           "pickle: Game(cards, rules, options, params) again, folders and .lua paths made absolute.")
      .def("num_players", [](const EnvGame&) { return 2; })
      .def("num_distinct_actions", &EnvGame::num_distinct_actions, "The size of the fixed, seat-relative action space.")
      .def("action_name", &EnvGame::action_name, py::arg("id"),
           "The text pattern of an id: 'deploy support air', 'choose own:sea:1'. Raises als.Error out of range.")
      .def("observation_tensor_size", &EnvGame::observation_tensor_size)
      .def("information_state_tensor_size", &EnvGame::information_state_tensor_size)
      .def("observation_tensor_shape", [](const EnvGame& g) { return std::vector<int>{g.observation_tensor_size()}; },
           "[observation_tensor_size()]: the observation tensor is flat (observation_layout() names its slices).")
      .def("information_state_tensor_shape",
           [](const EnvGame& g) { return std::vector<int>{g.information_state_tensor_size()}; },
           "[information_state_tensor_size()]: flat (information_state_layout() names its slices).")
      .def("observation_layout", [](const EnvGame& g) { return layout(als::observation_tensor_layout(g.engine())); },
           "The observation tensor's slices in order, covering it without a gap: a list of dicts "
           "(name, start, shape, columns: a name for each index of the last axis).")
      .def("information_state_layout", [](const EnvGame& g) { return layout(g.information_state_tensor_layout()); },
           "The information-state tensor's slices: the observation's, then 'battles' [max_battles, ...] and "
           "'history' [max_game_length(), ...] (perfect recall in fixed slices).")
      .def("max_chance_outcomes", &EnvGame::max_chance_outcomes,
           "The most outcomes a chance node may have: 0 without chance nodes, else the most of the deal "
           "(the set's cards), the theaters, 2 (the 1st player) and 64 (a script's math.random(m, n)).")
      .def("max_game_length", &EnvGame::max_game_length,
           "The most actions of players a game takes (the option max_game_length=N, default 128, or the "
           "rules' max_actions if fewer): a game reaching it stops, truncated (returns 0).")
      .def("max_chance_nodes_in_history", &EnvGame::max_chance_nodes_in_history,
           "The most chance nodes a game has: 0 without chance nodes, else battle 1's theater order and "
           "1st player, each battle's deal, and 8 draws of scripts an action (a game whose scripts draw "
           "more stops there, truncated).")
      .def("max_move_number", [](const EnvGame& g) { return g.max_game_length() + g.max_chance_nodes_in_history(); },
           "The most entries a history has: max_game_length() + max_chance_nodes_in_history().")
      .def("max_battles", [](const EnvGame& g) { return g.shape().battles; },
           "The most battles a game takes (the option max_battles=N, default 16): a game about to begin "
           "one more stops, truncated.")
      .def("card_table", &card_table, "dict: card id -> dict(name, type, strength, kind, text).")
      .def("new_initial_state",
           [](const std::shared_ptr<EnvGame>& g, uint64_t seed) { return EnvState(g, seed); }, py::arg("seed") = 0,
           "A State at the game's start, dealt from `seed` (0 to 2**64-1).")
      .def("deserialize_state",
           [](const std::shared_ptr<EnvGame>& g, const py::bytes& b) { return EnvState::deserialize(g, std::string(b)); },
           py::arg("data"), "A State from State.serialize(); raises als.Error for bytes of another game or version.")
      .def_property_readonly(
          "options", [](const EnvGame& g) { return g.options_text(); }, "The options the game was made with, as given.")
      .def_property_readonly(
          "content_hash", [](const EnvGame& g) { return g.engine().content_hash(); },
          "The hash of every file the card set and house rules were loaded from (str, 16 hex digits): "
          "what game records and learned values name the game by.")
      .def(
          "battle_reward",
          [](const EnvGame& g, const py::sequence& start, const py::sequence& end, const py::object& player,
             const py::object& winner) {
            const char* usage =
                "Game.battle_reward: scores are two ints each, 0 to 100000000; player 0 or 1; winner -1, 0 or 1";
            if (py::len(start) != 2 || py::len(end) != 2) throw als::EnvError(usage);
            const int s[2] = {checked_int(start[0], 0, kMaxScore, usage), checked_int(start[1], 0, kMaxScore, usage)};
            const int e[2] = {checked_int(end[0], 0, kMaxScore, usage), checked_int(end[1], 0, kMaxScore, usage)};
            return als::MctsAgent::battle_reward(g.engine().rules(), s, e, checked_int(player, 0, 1, usage),
                                                 checked_int(winner, -1, 1, usage));
          },
          py::arg("start"), py::arg("end"), py::arg("player"), py::arg("winner") = -1,
          "The reward the default search gives `player` (0 or 1) for a battle begun at the scores "
          "`start` and ended at `end` ([VP of player 0, of player 1]), `winner` the game's winner if "
          "the battle ended it (else -1): float 0 to 1 (the learned value's third output is trained on "
          "it). Raises als.Error for bad arguments.")
      .def("__repr__", [](const EnvGame& g) {
        std::string rules;
        for (const std::string& r : g.engine().rule_names()) rules += (rules.empty() ? "" : ", ") + r;
        return "<als.Game " + g.engine().set().name + (rules.empty() ? "" : " with " + rules) + ">";
      });
}

py::array_t<float> observation(const EnvState& s, int player) {
  auto a = zeros<float>(s.game().observation_tensor_size());
  s.observation_tensor(player, a.mutable_data());
  return a;
}

py::array_t<float> information(const EnvState& s, int player) {
  auto a = zeros<float>(s.game().information_state_tensor_size());
  s.information_state_tensor(player, a.mutable_data());
  return a;
}

void bind_state(py::module_& m) {
  py::class_<EnvState>(m, "State", "A game in progress: a value (clone() copies it).")
      .def("current_player", &EnvState::current_player, "0, 1, als.CHANCE at a chance node, or als.TERMINAL at the end.")
      .def("is_terminal", &EnvState::is_terminal)
      .def("is_chance_node", &EnvState::is_chance_node,
           "Whether a random draw of the rules waits for its outcome (only in a Game with chance nodes).")
      .def("chance_outcomes", &EnvState::chance_outcomes,
           "At a chance node: [(outcome, probability)], outcomes 0 to n-1, each 1/n (every draw of the "
           "rules is uniform); [] elsewhere. Apply one with apply_action(outcome).")
      .def("sampled_outcome", &EnvState::sampled_outcome,
           "At a chance node: the outcome the game's own generator draws there, so that a game given "
           "these is the sampled game of the same seed (digest included). Raises als.Error elsewhere.")
      .def("returns", [](const EnvState& s) { auto r = s.returns(); return std::vector<double>{r[0], r[1]}; },
           "[+1, -1] or [-1, +1] at the end, [0, 0] before.")
      .def("rewards", [](const EnvState& s) { auto r = s.rewards(); return std::vector<double>{r[0], r[1]}; },
           "What the last action gave each player.")
      .def("scores", [](const EnvState& s) { auto r = s.scores(); return std::vector<int>{r[0], r[1]}; }, "Each player's VP.")
      .def("battle", &EnvState::battle)
      .def("legal_actions", &EnvState::legal_actions,
           "The current player's legal ids, ascending; at a chance node its outcomes.")
      .def("legal_actions_mask", &mask,
           "numpy uint8 of num_distinct_actions() (at a chance node: of max_chance_outcomes()): 1 where legal.")
      .def("apply_action", &EnvState::apply_action, py::arg("id"),
           "Applies a legal id, or an outcome at a chance node; an illegal one raises als.Error and "
           "changes nothing.")
      .def("action_to_string", &EnvState::action_to_string, py::arg("player"), py::arg("id"))
      .def("history", &EnvState::history, "The ids applied so far.")
      .def("_full_history", &EnvState::full_history, "[(player, id)]: history() with who took each (-1: chance).")
      .def("_root_seed", &EnvState::root_seed, "The seed the game was dealt from; als.Error for a resampled state.")
      .def("_assign", [](EnvState& s, const EnvState& o) {
        if (s.game_ptr() != o.game_ptr()) throw als::EnvError("_assign: a state of another Game");
        s = o;
      })
      .def("clone", [](const EnvState& s) { return EnvState(s); })
      .def("child", [](const EnvState& s, int id) { EnvState c(s); c.apply_action(id); return c; }, py::arg("id"))
      .def("serialize", [](const EnvState& s) { return py::bytes(s.serialize()); })
      .def("digest", &EnvState::digest, "The engine's 64-bit state digest.")
      .def("get_game", [](const EnvState& s) { return std::const_pointer_cast<EnvGame>(s.game_ptr()); },
           "The Game this state is of (OpenSpiel's get_game).")
      .def("observation_tensor", &observation, py::arg("player"),
           "numpy float32 of observation_tensor_size(), from what `player` knows now.")
      .def("information_state_tensor", &information, py::arg("player"),
           "numpy float32 of information_state_tensor_size(): the observation and `player`'s history.")
      .def("observation_string", &EnvState::observation_string, py::arg("player"))
      .def("information_state_string", &EnvState::information_state_string, py::arg("player"))
      .def("resample_from_infostate", &EnvState::resample_from_infostate, py::arg("player"), py::arg("seed"),
           "A State `player` cannot tell apart from this one (the engine's determinization); the same seed, the same state.")
      .def("__copy__", [](const EnvState& s) { return EnvState(s); })
      .def("__deepcopy__", [](const EnvState& s, py::dict) { return EnvState(s); })
      .def("__eq__", [](const EnvState& a, const EnvState& b) { return a == b; })
      .def("__reduce__",
           [](const EnvState& s) {
             auto game = std::const_pointer_cast<EnvGame>(s.game_ptr());
             return py::make_tuple(py::module_::import("als").attr("_restore_state"),
                                   py::make_tuple(game, py::bytes(s.serialize())));
           },
           "pickle: the state's Game (by what it was loaded from) and its serialized bytes.")
      .def("__repr__", [](const EnvState& s) {
        const auto sc = s.scores();
        return "<als.State battle " + std::to_string(s.battle()) + ", VP " + std::to_string(sc[0]) + "-" +
               std::to_string(sc[1]) + ", " + std::to_string(s.history().size()) + " actions>";
      });
}

void bind_agent(py::module_& m) {
  py::class_<als::EnvAgent>(m, "EngineAgent", "One of the engine's agents, choosing for a State's current player.")
      .def(py::init<const std::string&, uint64_t, int>(), py::arg("spec") = "random", py::arg("seed") = 0,
           py::arg("seat") = 0,
           "EngineAgent(spec='random', seed=0, seat=0): any agent spec als simulate accepts ('greedy', "
           "'mcts:iterations=200'), seeded as the front ends seed theirs. Raises als.Error.")
      .def("step", &als::EnvAgent::step, py::arg("state"),
           "The id it chooses for state's current player, from what that player knows.");
}

void bind_value_net(py::module_& m) {
  using F = py::array_t<float, py::array::c_style | py::array::forcecast>;
  py::class_<als::ValueNet>(m, "ValueNet", "A learned value function as the engine evaluates it (issue 35).")
      .def(py::init([](const std::string& path) {
             try {
               return als::ValueNet::load(path);
             } catch (const std::runtime_error& e) {
               throw als::EnvError(e.what());
             }
           }),
           py::arg("path"),
           "ValueNet(path): reads the file python/tools/train_value.py writes. Raises als.Error naming "
           "the file and what is wrong.")
      .def_property_readonly("inputs", &als::ValueNet::inputs, "the length of an input (int)")
      .def_property_readonly("outputs", &als::ValueNet::outputs, "the length of an output (int)")
      .def(
          "evaluate",
          [](const als::ValueNet& net, F x) {
            if (x.ndim() != 1 || x.shape(0) != net.inputs())
              throw als::EnvError("ValueNet.evaluate: expected " + std::to_string(net.inputs()) + " float32 values");
            const std::vector<float> y = net.evaluate(x.data());
            return py::array_t<float>(static_cast<py::ssize_t>(y.size()), y.data());
          },
          py::arg("x"), "The network on x (float32 [inputs]): float32 [outputs], in C++ (no Python at play time).");
}

template <class T>
T* rows(py::array_t<T, py::array::c_style>& a, size_t n, size_t width, const char* what) {
  if (static_cast<size_t>(a.size()) != n * width)
    throw als::EnvError(std::string(what) + ": expected " + std::to_string(n) + " x " + std::to_string(width) + " values");
  return a.mutable_data();
}

void bind_vector_env(py::module_& m) {
  using als::VectorEnv;
  using F = py::array_t<float, py::array::c_style>;
  using U = py::array_t<uint8_t, py::array::c_style>;
  using B = py::array_t<bool, py::array::c_style>;
  using I = py::array_t<int64_t, py::array::c_style | py::array::forcecast>;
  using W = py::array_t<int8_t, py::array::c_style>;
  using S = py::array_t<int32_t, py::array::c_style>;
  py::class_<VectorEnv>(m, "_VectorEnv")
      .def(py::init([](const std::shared_ptr<EnvGame>& g, int n, const std::string& opponent, int seat,
                       const std::string& options, const std::string& tensor) {
        return new VectorEnv(g, n, opponent, seat, options, tensor);
      }))
      .def_property_readonly("num_envs", &VectorEnv::num_envs)
      .def_property_readonly("tensor_size", &VectorEnv::tensor_size)
      .def("games_finished", &VectorEnv::games_finished)
      .def("keep_rows", &VectorEnv::keep_rows,
           "Whether the same obs array, unchanged, is passed to every reset and step (copy=False): "
           "information-state rows are then written where they changed only.")
      .def("reset_into", [](VectorEnv& v, uint64_t seed, F obs, U mask, W to_play) {
        const size_t n = static_cast<size_t>(v.num_envs());
        float* o = rows(obs, n, static_cast<size_t>(v.tensor_size()), "obs");
        uint8_t* k = rows(mask, n, static_cast<size_t>(v.game().num_distinct_actions()), "mask");
        int8_t* p = rows(to_play, n, 1, "current_player");
        std::optional<py::gil_scoped_release> free;  // (only with an engine of its own: the thread rule)
        if (v.owns_engine()) free.emplace();
        v.reset(seed, o, k, p);
      })
      .def("step_into", [](VectorEnv& v, I actions, F obs, F reward, B terminated, B truncated, U mask, F final_obs,
                           W winner, S scores, F episode_return, W to_play, F rewards) {
        const size_t n = static_cast<size_t>(v.num_envs()), O = static_cast<size_t>(v.tensor_size());
        if (static_cast<size_t>(actions.size()) != n)
          throw als::EnvError("step: expected " + std::to_string(n) + " actions, got " + std::to_string(actions.size()));
        const int64_t* a = actions.data();
        float* o = rows(obs, n, O, "obs");
        float* r = rows(reward, n, 1, "reward");
        bool* te = rows(terminated, n, 1, "terminated");
        bool* tr = rows(truncated, n, 1, "truncated");
        uint8_t* k = rows(mask, n, static_cast<size_t>(v.game().num_distinct_actions()), "mask");
        float* f = rows(final_obs, n, O, "final_observation");
        const VectorEnv::Ends ends{rows(winner, n, 1, "final_winner"), rows(scores, n, 2, "final_scores"),
                                   rows(episode_return, n, 1, "episode_return")};
        const VectorEnv::Seats seats{rows(to_play, n, 1, "current_player"), rows(rewards, n, 2, "rewards")};
        std::optional<py::gil_scoped_release> free;
        if (v.owns_engine()) free.emplace();
        v.step(a, o, r, te, tr, k, f, ends, seats);
      });
}

}  // namespace

PYBIND11_MODULE(_als, m) {
  m.doc() = "Air, Land & Sea's rules engine (docs/python.md).";
  static py::exception<als::EnvError> error(m, "Error");
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const als::EnvError& e) {
      error(e.what());
    } catch (const als::ScriptError& e) {
      error(e.what());
    } catch (const als::IllegalAction& e) {
      error(e.what());
    }
  });
  m.attr("TERMINAL") = als::kTerminalPlayer;
  m.attr("CHANCE") = als::kChancePlayer;
  m.def("_set_data_dir", [](const std::string& d) { g_data_dir = d; });
  bind_lab(m, g_data_dir);
  m.def("game_seed", &als::game_seed, py::arg("run_seed"), py::arg("number"),
        "game_seed(run_seed, number) -> int: the seed of game `number` (0, 1, ...) of a run seeded with "
        "`run_seed` (both 0 to 2**64-1), as als simulate, compare, sweep, tournament, serve and VectorEnv "
        "derive it: a keyed pseudorandom function (SipHash-2-4), so runs of different seeds share no game.");
  bind_game(m);
  bind_state(m);
  bind_vector_env(m);
  bind_agent(m);
  bind_value_net(m);
}
