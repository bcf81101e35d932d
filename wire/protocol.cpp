#include "protocol.h"

#include <algorithm>
#include <sodium.h>

#include "observation.h"

namespace als::cli::protocol {

using nlohmann::json;

namespace {
// A bonus for a program: its source and amount, and what gives it (docs/protocol.md, "The view").
json bonus_json(const Engine& e, const Bonus& b) {
  static const char* const kSources[] = {"tokens", "declared", "scripted"};
  json j = {{"source", kSources[static_cast<int>(b.source)]}, {"amount", b.amount}, {"text", bonus_text(e, b)}};
  if (b.card >= 0) j["card"] = e.set().cards[static_cast<size_t>(b.card)].id;
  if (b.from >= 0) j["from"] = e.text().theater_name(b.from);
  if (b.effect >= 0) j["effect"] = e.text().effect_text(b.effect);
  return j;
}
}  // namespace

json view_json(const Engine& e, const Projection& p) {
  const View v = render_view(e, p);
  const int seat = p.seat;
  json board = json::array(), strength = json::array(), tokens = json::array();
  for (int p = 0; p < 2; ++p) {
    json side = json::object();
    for (size_t i = 0; i < v.theaters.size(); ++i) side[v.theaters[i]] = v.stacks[p][i];
    board.push_back(side);
    strength.push_back(v.strength[p]);
    tokens.push_back(v.tokens[p]);
  }
  json controller = json::array();
  for (int c : v.controller) controller.push_back(c + 1);
  json j = {{"you", seat + 1},          {"theaters", v.theaters},
            {"hands", json::array({json(v.hand[0]), json(v.hand[1])})}, {"board", board},
            {"strength", strength},     {"tokens", tokens},
            {"controller", controller}, {"deck_size", v.deck_size},
            {"deck_known", v.deck_known}, {"score", {v.score[0], v.score[1]}},
            {"first", v.first + 1},     {"battle", v.battle},
            {"vp_target", e.rules().vp_target}};
  if (!v.held.empty()) j["held"] = v.held;
  // Ruling 30: what the seat deduced (only where it keeps a deduction).
  if (!v.deduced.empty()) {
    json deduced = json::array();
    for (const DeducedView& d : v.deduced)
      deduced.push_back({{"cards", d.cards}, {"hands", {d.hand[0], d.hand[1]}}, {"board", d.board}, {"deck", d.deck}, {"text", d.text}});
    j["deduced"] = deduced;
  }
  // Protocol 2: what withdrawing now would give the opponent (the chart, ruling 27).
  j["withdraw_vp"] = p.seat >= 0 ? p.withdraw_vp[p.seat] : 0;
  // API 3, public: counters (players', and board cards' parallel to `board`) and lasting effects.
  if (!v.player_counters[0].empty() || !v.player_counters[1].empty() || !v.effects.empty() ||
      std::any_of(v.card_counters, v.card_counters + 2, [](const auto& side) {
        return std::any_of(side.begin(), side.end(), [](const auto& st) {
          return std::any_of(st.begin(), st.end(), [](const std::string& x) { return !x.empty(); });
        });
      })) {
    json players = json::array(), cards = json::array();
    for (int p = 0; p < 2; ++p) {
      json mine = json::object();
      for (const auto& [name, value] : v.player_counters[p]) mine[name] = value;
      players.push_back(mine);
      json side = json::object();
      for (size_t i = 0; i < v.theaters.size(); ++i) side[v.theaters[i]] = v.card_counters[p][i];
      cards.push_back(side);
    }
    j["counters"] = {{"players", players}, {"cards", cards}};
    j["effects"] = v.effects;
  }
  // What adds to the totals beyond the cards, by source, when anything does.
  json bonuses = json::array();
  bool any = false;
  for (int q = 0; q < 2; ++q) {
    json side = json::object();
    for (const SeenTheater& t : p.theaters) {
      json list = json::array();
      for (const Bonus& b : t.bonuses[q]) list.push_back(bonus_json(e, b)), any = true;
      side[e.text().theater_name(t.theater)] = list;
    }
    bonuses.push_back(side);
  }
  if (any) j["bonuses"] = bonuses;
  return j;
}

void add_question(json& d, const Question& q) {
  if (!q.asked) return;
  d["ability"] = q.ability + (q.card < 0 ? "" : ": " + q.text);
  if (!q.shown.empty()) d["card"] = q.shown;
  if (!q.prompt.empty()) d["prompt"] = q.prompt;     // API 3
  if (!q.options.empty()) d["options"] = q.options;  // API 4: the texts of "option 1", "option 2", ...
}

json card_table_json(const Engine& e) {
  json table = json::object();
  for (const CardDef& c : e.set().cards)
    table[c.id] = {{"name", c.name}, {"type", c.type}, {"strength", c.strength}, {"kind", kind_name(c.kind)},
                   {"text", c.text}};
  return table;
}

std::string base64(const void* data, size_t n) {
  std::string out(sodium_base64_ENCODED_LEN(n, sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), static_cast<const unsigned char*>(data), n, sodium_base64_VARIANT_ORIGINAL);
  out.resize(out.size() - 1);  // (the terminating zero)
  return out;
}

std::string observation_tensor_base64(const Engine& e, const State& s, int seat) {
  std::vector<float> tensor(static_cast<size_t>(als::observation_tensor_size(e)));
  als::observation_tensor(e, s, seat, tensor.data());  // (float32 little-endian: the machines we build for)
  return base64(tensor.data(), tensor.size() * sizeof(float));
}

nlohmann::json observation_tensor_layout_json(const Engine& e) {
  nlohmann::json out = nlohmann::json::array();
  for (const TensorSlice& t : als::observation_tensor_layout(e))
    out.push_back({{"name", t.name}, {"start", t.start}, {"shape", t.shape}, {"columns", t.columns}});
  return out;
}

}  // namespace als::cli::protocol
