// One typed projection of what a seat sees (engine/core/projection.h), and its renderers held to
// it: the view's texts (engine/present/view.h) and the terminal's board (cli/play.cpp) show the
// projection's facts, a scripted total's change included, and protocol 2's observation
// and the float tensor (engine/present/observation.h) hold exactly the facts the projection gives; the projection itself is built from
// what the seat knows only (a determinization of the hidden cards projects the same).
#include <catch2/catch.hpp>

#include <numeric>

#include "agents.h"
#include "helpers.h"
#include "match.h"
#include "observation.h"
#include "projection.h"
#include "protocol.h"
#include "screen.h"
#include "view.h"

using namespace als;

namespace {

std::string field_command() { return std::string(ALS_DATA_DIR) + "/docs/examples/field-command"; }

// Player 1: war_chest faceup in air, support faceup in land, an empty hand, 2 tokens in air;
// player 2: heavy_tanks facedown in sea, ambush in hand. Player 1 to act.
State chest_position(const Engine& e) {
  State s = e.blank();
  const int air = e.text().theater_id("air"), land = e.text().theater_id("land"), sea = e.text().theater_id("sea");
  auto put = [&](const char* id, Zone z, int owner, int theater, bool faceup, uint32_t seq) {
    s.b.card[e.set().find(id)] = CardLoc{z, static_cast<uint8_t>(owner),
                                         static_cast<uint8_t>(theater < 0 ? kNone : theater), faceup, static_cast<int32_t>(seq)};
  };
  put("war_chest", Zone::Board, 0, air, true, 100);
  put("support", Zone::Board, 0, land, true, 101);
  put("heavy_tanks", Zone::Board, 1, sea, false, 102);
  put("ambush", Zone::Hand, 1, -1, false, 103);
  s.b.tokens[0][air] = 2;
  s.b.known[0] = s.b.known[1] = 0;
  for (const char* id : {"war_chest", "support"}) knowledge::make_public(s.b, e.set().find(id));
  knowledge::learn(s.b, 1, e.set().find("heavy_tanks"));
  knowledge::learn(s.b, 1, e.set().find("ambush"));
  s.b.reindex();
  return s;
}

// Protocol 2's observation, written again from the projection alone (docs/protocol.md's layout):
// the renderer in engine/present must give exactly this. Only withdraw_vp, a number of the rules
// (the chart and any battle_vp hook) rather than a fact the seat sees, is read from the engine.
std::vector<int> observation_from(const Engine& e, const Projection& p, int withdraw_vp) {
  const size_t C = e.set().cards.size(), T = e.rules().theaters.size();
  const int seat = p.seat, opp = 1 - seat;
  std::vector<int> o(4 * C + 9 * T + 10, 0);
  for (size_t i = 0; i < p.theaters.size(); ++i) {
    const SeenTheater& t = p.theaters[i];
    int* at = &o[4 * C + 9 * i];
    at[0] = t.theater;
    at[1] = t.total[seat], at[2] = t.total[opp];
    at[3] = t.controller == seat;
    for (int q = 0; q < 2; ++q)
      for (const Bonus& b : t.bonuses[q == 0 ? seat : opp])
        if (b.source == Bonus::Source::Tokens) at[4 + q] += b.amount;
    at[6] = static_cast<int>(t.stack[seat].size()), at[7] = static_cast<int>(t.stack[opp].size());
    for (int q = 0; q < 2; ++q)
      for (const SeenCard& c : t.stack[q]) {
        if (!c.known()) {
          at[8] += q == opp;
          continue;
        }
        int* card = &o[4 * static_cast<size_t>(c.card)];
        card[0] = q == seat ? 2 : 3, card[1] = static_cast<int>(i) + 1, card[2] = c.faceup, card[3] = c.strength;
      }
  }
  for (const SeenCard& c : p.hand[seat]) o[4 * static_cast<size_t>(c.card)] = 1;
  for (const SeenCard& c : p.hand[opp])
    if (c.known()) o[4 * static_cast<size_t>(c.card)] = 6;
  for (int c : p.deck_known) o[4 * static_cast<size_t>(c)] = 4;
  if (p.held >= 0) o[4 * static_cast<size_t>(p.held)] = 5;
  const int rest[10] = {p.score[seat], p.score[opp], e.rules().vp_target, p.first == seat, p.battle,
                        static_cast<int>(p.hand[seat].size()), static_cast<int>(p.hand[opp].size()), p.deck_size,
                        withdraw_vp, static_cast<int>(p.decision.asked ? p.decision.kind : DecisionKind::Turn)};
  std::copy(rest, rest + 10, &o[4 * C + 9 * T]);
  return o;
}

// The float observation tensor, written again from the projection alone (docs/python.md,
// "Observation tensor": the layout's constants as documented there). As above, only withdraw_vp
// is the engine's.
bool seat_knows(const Projection& p, int card) {
  for (const SeenTheater& t : p.theaters)
    for (int q = 0; q < 2; ++q)
      for (const SeenCard& c : t.stack[q])
        if (c.card == card) return true;
  for (int q = 0; q < 2; ++q)
    for (const SeenCard& c : p.hand[q])
      if (c.card == card) return true;
  return p.held == card || std::find(p.deck_known.begin(), p.deck_known.end(), card) != p.deck_known.end();
}

std::vector<float> tensor_from(const Engine& e, const Projection& p, int withdraw_vp) {
  constexpr int kStackDepth = 12, kCardWhere = 7, kGlobals = 15, kQuestionKinds = 5;
  const int C = static_cast<int>(e.set().cards.size()), T = static_cast<int>(e.rules().theaters.size());
  const int seat = p.seat, opp = 1 - seat, per_card = kCardWhere + T + 5;
  std::vector<float> out(static_cast<size_t>(observation_tensor_size(e)), 0.0f);
  float* cards = out.data();
  float* theaters = cards + C * per_card;
  float* stacks = theaters + T * (T + 10);
  float* globals = stacks + 2 * T * kStackDepth * 3;
  float* question = globals + kGlobals;
  std::vector<int> where(static_cast<size_t>(C), 0);
  for (size_t i = 0; i < p.theaters.size(); ++i) {
    const SeenTheater& t = p.theaters[i];
    float* at = theaters + static_cast<int>(i) * (T + 10);
    at[t.theater] = 1;
    at[T] = static_cast<float>(t.total[seat]), at[T + 1] = static_cast<float>(t.total[opp]);
    at[T + 2] = t.controller == seat;
    for (int side = 0; side < 2; ++side) {
      const int q = side == 0 ? seat : opp;
      for (const Bonus& b : t.bonuses[q])
        if (b.source == Bonus::Source::Tokens) at[T + 3 + side] += static_cast<float>(b.amount);
      const int n = static_cast<int>(t.stack[q].size());
      at[T + 5 + side] = static_cast<float>(n);
      for (int d = 0; d < n; ++d) {
        const SeenCard& c = t.stack[q][static_cast<size_t>(d)];
        int counted = 0;
        for (const SeenCounter& k : c.counters) counted += k.value;
        at[T + 8 + side] += static_cast<float>(counted);
        if (!c.known() && side == 1) at[T + 7] += 1;
        if (d < kStackDepth) {
          float* slot = stacks + ((side * T + static_cast<int>(i)) * kStackDepth + d) * 3;
          slot[0] = 1, slot[1] = c.faceup, slot[2] = c.known();
        }
        if (!c.known()) continue;
        where[static_cast<size_t>(c.card)] = side == 0 ? 2 : 3;
        float* cf = cards + c.card * per_card;
        cf[kCardWhere + static_cast<int>(i)] = 1;
        cf[kCardWhere + T] = c.faceup;
        cf[kCardWhere + T + 1] = static_cast<float>(c.strength);
        cf[kCardWhere + T + 2] = static_cast<float>(d + 1);
        cf[kCardWhere + T + 3] = d + 1 < n;
        cf[kCardWhere + T + 4] = static_cast<float>(counted);
      }
    }
  }
  for (const SeenCard& c : p.hand[seat]) where[static_cast<size_t>(c.card)] = 1;
  for (const SeenCard& c : p.hand[opp])
    if (c.known()) where[static_cast<size_t>(c.card)] = 6;
  for (int c : p.deck_known) where[static_cast<size_t>(c)] = 4;
  if (p.held >= 0) where[static_cast<size_t>(p.held)] = 5;
  for (int c = 0; c < C; ++c) cards[c * per_card + where[static_cast<size_t>(c)]] = 1;
  int counters[2] = {0, 0};
  for (int q = 0; q < 2; ++q)
    for (const SeenCounter& k : p.player_counters[q]) counters[q] += k.value;
  const float g[kGlobals] = {static_cast<float>(p.score[seat]), static_cast<float>(p.score[opp]),
                             static_cast<float>(e.rules().vp_target), p.first == seat ? 1.0f : 0.0f,
                             static_cast<float>(p.battle), static_cast<float>(p.hand[seat].size()),
                             static_cast<float>(p.hand[opp].size()), static_cast<float>(p.deck_size),
                             static_cast<float>(p.deck_known.size()), static_cast<float>(withdraw_vp),
                             p.to_act == seat ? 1.0f : 0.0f, static_cast<float>(counters[seat]),
                             static_cast<float>(counters[opp]), static_cast<float>(p.effects.size()),
                             static_cast<float>(p.turn_number)};
  std::copy(g, g + kGlobals, globals);
  if (p.over) return out;
  question[static_cast<int>(p.decision.asked ? p.decision.kind : DecisionKind::Turn)] = 1;
  if (!p.decision.asked) return out;
  const int asker = p.decision.card;
  question[kQuestionKinds + (asker >= 0 && asker < C && seat_knows(p, asker) ? asker : C)] = 1;
  uint32_t h = 2166136261u;  // the prompt's FNV-1a, in 1..65535 (0: none)
  for (unsigned char ch : p.decision.prompt) h = (h ^ ch) * 16777619u;
  float* tail = question + kQuestionKinds + C + 1;
  tail[0] = static_cast<float>(p.decision.prompt.empty() ? 0 : 1 + h % 65535) / 65536.0f;
  tail[1] = static_cast<float>(p.decision.options.size());
  tail[2] = p.decision.player == seat;
  return out;
}

const SeenTheater& theater(const Engine& e, const Projection& v, const char* name) {
  for (const SeenTheater& t : v.theaters)
    if (t.theater == e.text().theater_id(name)) return t;
  throw std::runtime_error(std::string("no theater ") + name);
}

// Every fact of the view is the projection's, rendered (and nothing else is in it).
void check_view_renders(const Engine& e, const Projection& p, const View& v) {
  REQUIRE(v.theaters.size() == p.theaters.size());
  CHECK(v.viewer == p.seat);
  for (size_t i = 0; i < p.theaters.size(); ++i) {
    const SeenTheater& t = p.theaters[i];
    CHECK(v.theaters[i] == e.text().theater_name(t.theater));
    CHECK(v.controller[i] == t.controller);
    for (int q = 0; q < 2; ++q) {
      REQUIRE(v.stacks[q][i].size() == t.stack[q].size());
      int cards = 0;
      for (size_t j = 0; j < t.stack[q].size(); ++j) {
        const SeenCard& c = t.stack[q][j];
        const std::string want = (c.faceup ? "" : "~") + (c.known() ? e.set().cards[static_cast<size_t>(c.card)].id : "?");
        CHECK(v.stacks[q][i][j] == want);
        CHECK(v.card_strength[q][i][j] == c.strength);
        cards += c.strength;
      }
      CHECK(v.strength[q][i] == t.total[q]);
      REQUIRE(v.bonuses[q][i].size() == t.bonuses[q].size());
      int added = 0;
      for (size_t k = 0; k < t.bonuses[q].size(); ++k) {
        CHECK(v.bonuses[q][i][k] == bonus_text(e, t.bonuses[q][k]));
        added += t.bonuses[q][k].amount;
      }
      // The bonuses account for the whole total beyond the cards, by source.
      CHECK(cards + added == t.total[q]);
    }
  }
  for (int q = 0; q < 2; ++q) {
    REQUIRE(v.hand[q].size() == p.hand[q].size());
    for (size_t j = 0; j < p.hand[q].size(); ++j) CHECK(v.hand[q][j] == card_id(e, p.hand[q][j].card));
    CHECK(v.score[q] == p.score[q]);
  }
  CHECK(v.deck_size == p.deck_size);
  CHECK(v.deck_positions == p.deck_places);
  CHECK(v.effects.size() == p.effects.size());
  CHECK(v.prompt == p.decision.prompt);
  CHECK((v.held.empty() ? -1 : e.set().find(v.held)) == p.held);
}

}  // namespace

TEST_CASE("a total by its sources: tokens, a declared bonus and a scripted total function", "[projection]") {
  auto eng = test::load(field_command());
  const Engine& e = *eng;
  const State s = chest_position(e);
  const Projection p = project(e, s, 1);
  const SeenTheater& air = theater(e, p, "air");
  // war_chest 1, +2 tokens, +3 support (adjacent, ruling 9), +3 war_chest's total (hand empty).
  CHECK(air.total[0] == 9);
  CHECK(air.total[0] == e.strength(s, 0, e.text().theater_id("air")));
  REQUIRE(air.bonuses[0].size() == 3);
  CHECK(air.bonuses[0][0] == Bonus{.source = Bonus::Source::Tokens, .amount = 2});
  CHECK(air.bonuses[0][1] == Bonus{.source = Bonus::Source::Declared, .amount = 3, .card = e.set().find("support"),
                                   .from = e.text().theater_id("land")});
  CHECK(air.bonuses[0][2] == Bonus{.source = Bonus::Source::Scripted, .amount = 3, .card = e.set().find("war_chest"),
                                   .from = e.text().theater_id("air")});
  // Player 2 knows its facedown heavy_tanks; player 1 sees a facedown card.
  CHECK(theater(e, p, "sea").stack[1][0] == SeenCard{.card = e.set().find("heavy_tanks"), .faceup = false, .strength = 2, .counters = {}});
  CHECK(theater(e, project(e, s, 0), "sea").stack[1][0].card == kUnseen);
  const View v = render_view(e, p);
  check_view_renders(e, p, v);
  CHECK(v.bonuses[0][0] == std::vector<std::string>{"+2 tokens", "+3 support (land)", "+3 war_chest (air, scripted)"});
  // The terminal's board shows the scripted bonus with the others, and hides the facedown card.
  ::setenv("COLUMNS", "100", 1);  // (read when standard output is not a terminal)
  const std::string board = cli::board_text(e, s, 0);
  ::unsetenv("COLUMNS");
  INFO(board);
  CHECK(board.find("+3 war_chest (air, scripted)") != std::string::npos);
  CHECK(board.find("+3 support (land)") != std::string::npos);
  CHECK(board.find("heavy_tanks") == std::string::npos);
  CHECK(cli::board_text(e, s, 1).find("~heavy_tanks 2") != std::string::npos);
  // serve's and exec's JSON view: the bonuses typed, by source.
  const nlohmann::json j = cli::protocol::view_json(e, p, 0);
  REQUIRE(j["bonuses"][0]["air"].size() == 3);
  CHECK(j["bonuses"][0]["air"][2] == nlohmann::json{{"source", "scripted"}, {"amount", 3}, {"card", "war_chest"},
                                                   {"from", "air"}, {"text", "+3 war_chest (air, scripted)"}});
  CHECK(j["bonuses"][0]["air"][1]["source"] == "declared");
  CHECK(j["bonuses"][1]["sea"].empty());
  CHECK(j["board"][1]["sea"] == nlohmann::json{"~heavy_tanks"});
  CHECK(cli::protocol::view_json(e, project(e, s, 0), 0)["board"][1]["sea"] == nlohmann::json{"~?"});
}

TEST_CASE("every view and observation renders its projection, and a seat's projection reads only what it knows", "[projection]") {
  auto [cards, games] = GENERATE(table<std::string, uint64_t>({
      {"standard", 25}, {"original", 25}, {std::string(ALS_DATA_DIR) + "/docs/examples/field-command", 25},
      {std::string(ALS_DATA_DIR) + "/docs/examples/frontier", 10}}));
  INFO(cards);
  auto eng = test::load(cards);
  const Engine& e = *eng;
  long decisions = 0, scripted = 0;
  for (uint64_t g = 1; g <= games; ++g) {
    auto a1 = make_agent("random", g, 0), a2 = make_agent("random", g, 1);
    Match m(e, g, a1.get(), a2.get());
    while (!m.over() && m.abandoned().empty() && m.actions() < 2000) {
      for (int seat : {0, 1, -1}) {
        const Projection p = project(e, m.state(), seat);
        check_view_renders(e, p, render_view(e, p));
        for (const SeenTheater& t : p.theaters)
          for (int q = 0; q < 2; ++q)
            scripted += std::count_if(t.bonuses[q].begin(), t.bonuses[q].end(),
                                      [](const Bonus& b) { return b.source == Bonus::Source::Scripted; });
        if (seat < 0) continue;
        const int hand = static_cast<int>(p.hand[seat].size());
        REQUIRE(observation(e, m.state(), seat) == observation_from(e, p, e.withdraw_vp(m.state(), seat, hand)));
        std::vector<float> tensor(static_cast<size_t>(observation_tensor_size(e)));
        observation_tensor(e, m.state(), seat, tensor.data());
        REQUIRE(tensor == tensor_from(e, p, e.withdraw_vp(m.state(), seat, hand)));
        // A world the seat cannot tell from this one projects the same for it.
        Rng rng(g * 1000 + static_cast<uint64_t>(decisions));
        CHECK(project(e, e.sample(m.state(), seat, rng), seat) == p);
      }
      ++decisions;
      m.step();
    }
  }
  CHECK(decisions > 100);
  if (cards.find("field-command") != std::string::npos) CHECK(scripted > 0);  // war_chest met
}
