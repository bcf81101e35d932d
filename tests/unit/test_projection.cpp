// One typed projection of what a seat sees (engine/core/projection.h), and its renderers fed from
// it alone: the view's texts (engine/present/view.h), the question (question.h), protocol 2's
// observation and the float tensor (observation.h), serve's and exec's JSON view (wire/protocol.h)
// and the terminal's boards (cli/screen.h) take a Projection and nothing of the State, so a hand-
// made projection renders with no game at all; the projection itself is built from what the seat
// knows only (a determinization of the hidden cards projects the same).
#include <catch2/catch.hpp>

#include <numeric>

#include "agents.h"
#include "helpers.h"
#include "match.h"
#include "observation.h"
#include "projection.h"
#include "protocol.h"
#include "question.h"
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
  const std::string board = cli::board_text(e, project(e, s, 0));
  ::unsetenv("COLUMNS");
  INFO(board);
  CHECK(board.find("+3 war_chest (air, scripted)") != std::string::npos);
  CHECK(board.find("+3 support (land)") != std::string::npos);
  CHECK(board.find("heavy_tanks") == std::string::npos);
  CHECK(cli::board_text(e, project(e, s, 1)).find("~heavy_tanks 2") != std::string::npos);
  // serve's and exec's JSON view: the bonuses typed, by source.
  const nlohmann::json j = cli::protocol::view_json(e, p);
  REQUIRE(j["bonuses"][0]["air"].size() == 3);
  CHECK(j["bonuses"][0]["air"][2] == nlohmann::json{{"source", "scripted"}, {"amount", 3}, {"card", "war_chest"},
                                                   {"from", "air"}, {"text", "+3 war_chest (air, scripted)"}});
  CHECK(j["bonuses"][0]["air"][1]["source"] == "declared");
  CHECK(j["bonuses"][1]["sea"].empty());
  CHECK(j["board"][1]["sea"] == nlohmann::json{"~heavy_tanks"});
  CHECK(cli::protocol::view_json(e, project(e, s, 0))["board"][1]["sea"] == nlohmann::json{"~?"});
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
        const Question q = render_question(e, p);
        CHECK(q.asked == p.decision.asked);
        if (q.asked && !q.hidden) CHECK(q.prompt == p.decision.prompt);
        if (seat < 0) continue;
        const int hand = static_cast<int>(p.hand[seat].size());
        CHECK(p.withdraw_vp[seat] == e.withdraw_vp(m.state(), seat, hand));
        const std::vector<int> obs = observation(e, p);
        CHECK(obs.back() == static_cast<int>(p.decision.asked ? p.decision.kind : DecisionKind::Turn));
        CHECK(cli::protocol::view_json(e, p)["withdraw_vp"] == p.withdraw_vp[seat]);
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

// A projection made by hand, with no game behind it: every renderer shows its facts, so none of
// them reads a State (a renderer that did would show the blank state's instead).
TEST_CASE("every renderer takes the projection alone: one made by hand renders its facts", "[projection]") {
  auto eng = test::load("standard");
  const Engine& e = *eng;
  const int air = e.text().theater_id("air"), land = e.text().theater_id("land"), sea = e.text().theater_id("sea");
  const int ambush = e.set().find("ambush"), tanks = e.set().find("heavy_tanks"), transport = e.set().find("transport");
  Projection p;
  p.seat = 0, p.battle = 2, p.first = 1, p.to_act = 0, p.turn_number = 3;
  p.score[0] = 4, p.score[1] = 2;
  p.withdraw_vp[0] = 5, p.withdraw_vp[1] = 3;
  auto card = [](int c, bool faceup, int strength) {
    SeenCard x;
    x.card = c, x.faceup = faceup, x.strength = strength;
    return x;
  };
  for (int id : {land, air, sea}) {
    SeenTheater t;
    t.theater = id;
    p.theaters.push_back(t);
  }
  p.theaters[1].stack[1].push_back(card(kUnseen, false, 2));
  p.theaters[1].stack[0].push_back(card(tanks, true, 3));
  p.theaters[1].total[0] = 3, p.theaters[1].total[1] = 2;
  p.hand[0].push_back(card(ambush, false, 0));
  p.hand[1].push_back(card(kUnseen, false, 0));
  p.deck_size = 6;
  SeenDecision& d = p.decision;
  d.asked = true, d.kind = DecisionKind::Theater, d.player = 0, d.card = transport, d.owner = 0, d.prompt = "where to?";
  d.about = kUnseen, d.has_about = true, d.about_player = 1, d.about_theater = air, d.about_depth = 1, d.asker_known = true;
  // The question: its ability, prompt, and the card it is about by its place.
  const Question q = render_question(e, p);
  CHECK(q.ability == "transport");
  CHECK(q.owner == 0);
  CHECK(q.prompt == "where to?");
  CHECK(q.about == "2:air:1");
  CHECK(q.text == e.set().cards[static_cast<size_t>(transport)].text);
  // Protocol 2's observation: the hand card, the board card, the theater in the middle, withdraw_vp.
  const std::vector<int> obs = observation(e, p);
  const size_t C = e.set().cards.size();
  CHECK(obs[4 * static_cast<size_t>(ambush)] == 1);
  CHECK(std::vector<int>(obs.begin() + 4 * tanks, obs.begin() + 4 * tanks + 4) == std::vector<int>{2, 2, 1, 3});
  CHECK(obs[4 * C + 9] == air);
  CHECK(obs[4 * C + 9 + 8] == 1);  // the opponent's card there the seat cannot identify
  CHECK(obs[obs.size() - 2] == 5);  // withdraw_vp: the seat's
  CHECK(obs.back() == static_cast<int>(DecisionKind::Theater));
  // The tensor: the same facts at their slices.
  std::vector<float> t(static_cast<size_t>(observation_tensor_size(e)));
  observation_tensor(e, p, t.data());
  const auto layout = observation_tensor_layout(e);
  auto slice = [&](const char* name) {
    for (const TensorSlice& x : layout)
      if (x.name == name) return t.data() + x.start;
    throw std::runtime_error(name);
  };
  const int per_card = static_cast<int>(layout[0].columns.size());
  CHECK(slice("cards")[ambush * per_card + 1] == 1.0f);       // own_hand
  CHECK(slice("cards")[transport * per_card + 0] == 1.0f);    // unknown: nowhere in the projection
  CHECK(slice("globals")[9] == 5.0f);                         // withdraw_vp
  CHECK(slice("question_asker")[transport] == 1.0f);
  CHECK(slice("question_kind")[static_cast<int>(DecisionKind::Theater)] == 1.0f);
  // serve's JSON view and the terminal's boards.
  const nlohmann::json j = cli::protocol::view_json(e, p);
  CHECK(j["hands"][1] == nlohmann::json{"?"});
  CHECK(j["board"][1]["air"] == nlohmann::json{"~?"});
  CHECK(j["withdraw_vp"] == 5);
  CHECK(j["score"] == nlohmann::json{4, 2});
  ::setenv("COLUMNS", "100", 1);
  const std::string board = cli::board_text(e, p);
  ::unsetenv("COLUMNS");
  INFO(board);
  CHECK(board.find("=== battle 2 | VP: you 4, opponent 2") != std::string::npos);
  CHECK(board.find("opponent's hand: 1 card | deck: 6") != std::string::npos);
  CHECK(board.find("ambush") != std::string::npos);
  CHECK(render_view(e, p).hand[1] == std::vector<std::string>{"?"});
}
