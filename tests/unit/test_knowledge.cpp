// The knowledge model (engine/core/knowledge.h) is the one source of what a seat is shown: over
// random games of every bundled set, example and house rule, no text a seat reads (each event's
// log line, the legal actions' texts, the view) names a card that seat does not know, and the
// view and the observation agree with the model at every decision.
#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "agents.h"
#include "helpers.h"
#include "match.h"
#include "observation.h"
#include "view.h"

using namespace als;

namespace {

// The card ids a text names (maximal runs of id characters equal to an id of the set).
std::vector<int> cards_named(const Engine& e, const std::string& text) {
  std::vector<int> out;
  static const std::regex word("[a-z0-9_]+");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), word); it != std::sregex_iterator(); ++it)
    if (int c = e.set().find(it->str()); c >= 0) out.push_back(c);
  return out;
}

// Card texts and effect names are public: the words a card's printed text uses are not names.
bool public_text(const Event& ev) { return ev.type == Event::Ability || ev.type == Event::EffectStart || ev.type == Event::EffectEnd; }

// Whether card c started a lasting effect in force in s: its name is public (the card was faceup
// when its ability started it), wherever the card lies now (an effect lasting to the game's end
// outlives its battle, API 4).
bool effect_of(const State& s, int c) {
  return std::any_of(s.b.lasting, s.b.lasting + s.b.nlasting, [&](const Lasting& l) { return l.card == c; });
}

}  // namespace

TEST_CASE("no text a seat is shown names a card it does not know", "[knowledge]") {
  auto [cards, rules, games] = GENERATE(table<std::string, std::vector<std::string>, uint64_t>({
      // Every bundled set, house rule and example (each rule with its set).
      {"standard", {}, 60},
      {"standard", {"beginner"}, 15},
      {"standard", {"long-war"}, 15},
      {"standard", {std::string(ALS_DATA_DIR) + "/docs/examples/four-fronts.lua"}, 15},
      {"original", {}, 60},
      {std::string(ALS_DATA_DIR) + "/docs/examples/supply-lines", {}, 30},
      {std::string(ALS_DATA_DIR) + "/docs/examples/field-command",
       {std::string(ALS_DATA_DIR) + "/docs/examples/field-command/rules/short-battles.lua"}, 30},
      {std::string(ALS_DATA_DIR) + "/docs/examples/field-command",
       {std::string(ALS_DATA_DIR) + "/docs/examples/field-command/rules/center.lua",
        std::string(ALS_DATA_DIR) + "/docs/examples/field-command/rules/supply-drops.lua",
        std::string(ALS_DATA_DIR) + "/docs/examples/field-command/rules/three-vp.lua"}, 15},
      {std::string(ALS_DATA_DIR) + "/docs/examples/frontier",
       {std::string(ALS_DATA_DIR) + "/docs/examples/frontier/rules/mulligan.lua"}, 30},
      {std::string(ALS_DATA_DIR) + "/docs/examples/frontier",
       {std::string(ALS_DATA_DIR) + "/docs/examples/frontier/rules/blitz.lua",
        std::string(ALS_DATA_DIR) + "/docs/examples/frontier/rules/medals.lua",
        std::string(ALS_DATA_DIR) + "/docs/examples/frontier/rules/fog.lua"}, 15},
      {std::string(ALS_DATA_DIR) + "/tests/sets/hidden_choice", {}, 30},
      {std::string(ALS_DATA_DIR) + "/tests/sets/api4", {}, 30},  // reveals, to_hand (API 4)
      {std::string(ALS_DATA_DIR) + "/tests/sets/api4", {std::string(ALS_DATA_DIR) + "/tests/sets/api4/rules/draft.lua"}, 15},
      {std::string(ALS_DATA_DIR) + "/tests/sets/reactions", {}, 60},  // hand triggers (API 5)
      {std::string(ALS_DATA_DIR) + "/tests/sets/mimic", {}, 30},      // copies (API 5)
  }));
  INFO(cards);
  auto eng = test::load(cards, rules);
  const Engine& e = *eng;
  long texts = 0, hidden_seen = 0;
  for (uint64_t g = 1; g <= games; ++g) {
    auto a1 = make_agent("random", g, 0), a2 = make_agent("random", g, 1);
    Match m(e, g, a1.get(), a2.get());
    State before = m.state();
    auto check_log = [&](const EventLog& log) {
      for (int p = 0; p < 2; ++p)
        for (const Event& ev : log.events) {
          if (public_text(ev) || ev.type == Event::Log) continue;
          const std::string text = e.text().event_text(ev, p);
          ++texts;
          for (int c : cards_named(e, text)) {
            INFO("game " << g << ", player " << p + 1 << " reads: " << text);
            // Known before the action, after it, or when a battle it ended was decided (the
            // next battle's deal forgets everything).
            bool known = e.knows(before, p, c) || e.knows(m.state(), p, c) || effect_of(before, c) ||
                         effect_of(m.state(), c);
            for (const State& end : log.battle_ends) known = known || e.knows(end, p, c) || effect_of(end, c);
            CHECK(known);
          }
        }
    };
    check_log(m.opening());
    while (!m.over() && m.abandoned().empty() && m.actions() < 2000) {
      const int p = m.to_act();
      // The legal actions' texts and the view as the seat to act sees them.
      std::vector<Action> acts = m.legal();
      std::vector<std::string> shown;
      e.text().order_for_viewer(m.state(), p, acts, &shown);
      for (const std::string& t : shown)
        for (int c : cards_named(e, t)) {
          INFO("player " << p + 1 << " is offered: " << t);
          CHECK(e.knows(m.state(), p, c));
        }
      // The prompt: the card shown and the card it is about, as the seat names them.
      const Question q = e.text().question(m.state(), p);
      for (const std::string& t : {q.shown, q.about, q.prompt})
        for (int c : cards_named(e, t)) {
          INFO("player " + std::to_string(p + 1) + " is asked about: " + t);
          CHECK(e.knows(m.state(), p, c));
        }
      // The other seat reads the question too (a hand trigger's, API 5: only who decides).
      const Question qo = e.text().question(m.state(), 1 - p);
      std::vector<std::string> read = {qo.ability, qo.prompt, qo.shown, qo.about};
      read.insert(read.end(), qo.options.begin(), qo.options.end());
      for (const std::string& t : read)
        for (int c : cards_named(e, t)) {
          INFO("player " + std::to_string(2 - p) + " reads the question: " + t);
          CHECK(e.knows(m.state(), 1 - p, c));
        }
      const View v = view_of(e, m.state(), p);
      const std::vector<int> obs = als::observation(e, m.state(), p);
      for (int c = 0; c < m.state().b.ncards; ++c) {
        const bool known = e.knows(m.state(), p, c);
        hidden_seen += !known;
        // The observation's "where" of a card is 0 exactly when the seat does not know it (a
        // card in another zone the seat knows is always placed).
        if (!known) CHECK(obs[4 * static_cast<size_t>(c)] == 0);
      }
      for (int q = 0; q < 2; ++q) {
        for (const std::string& h : v.hand[q]) CHECK((h == "?" || e.knows(m.state(), p, e.set().find(h))));
        for (const auto& stack : v.stacks[q])
          for (const std::string& x : stack) {
            if (x == "~?") continue;
            const std::string id = x[0] == '~' ? x.substr(1) : x;
            CHECK(e.knows(m.state(), p, e.set().find(id)));
          }
      }
      before = m.state();
      m.step();
      check_log(m.apply_log());
    }
  }
  CHECK(texts > 1000);
  CHECK(hidden_seen > 1000);  // the test met hidden cards
}

// A question is introduced as the ability asking it, the innermost running: in the first
// printing (immediate instants), Land Maneuver flips the opponent's Disrupt faceup and Disrupt,
// resolving at once inside it, asks player 1 to flip one of their cards.
TEST_CASE("a nested ability's question names the ability that asks", "[knowledge]") {
  auto eng = test::load("original");
  const Engine& e = *eng;
  State s = e.blank();
  Board& b = s.b;
  auto put = [&](const char* id, Zone z, int owner, const char* theater, bool faceup) {
    const int c = e.set().find(id);
    REQUIRE(c >= 0);
    b.card[c] = CardLoc{z, static_cast<uint8_t>(owner), theater ? static_cast<uint8_t>(e.text().theater_id(theater)) : uint8_t{kNone},
                        static_cast<uint8_t>(faceup), b.seq_next++};
    knowledge::learn(b, owner, c);
    if (faceup) knowledge::make_public(b, c);
  };
  put("land_maneuver", Zone::Hand, 0, nullptr, false);
  put("heavy_bombers", Zone::Board, 0, "air", true);
  put("disrupt", Zone::Board, 1, "air", false);
  put("ambush", Zone::Hand, 1, nullptr, false);
  b.reindex();
  const int disrupt = e.set().find("disrupt"), maneuver = e.set().find("land_maneuver");
  e.apply(s, Action{Action::Deploy, static_cast<uint8_t>(maneuver), static_cast<uint8_t>(e.text().theater_id("land"))});
  // Land Maneuver asks its owner which card to flip.
  REQUIRE(e.to_act(s) == 0);
  CHECK(e.text().question(s, 0).ability == "land_maneuver");
  e.apply(s, Action{Action::Choose, kNone, kNone, static_cast<uint16_t>(disrupt)});
  // Disrupt, flipped faceup, resolves at once: its owner's opponent (player 1) flips first.
  REQUIRE(e.to_act(s) == 0);
  const Question q = e.text().question(s, 0);
  CHECK(q.ability == "disrupt");
  CHECK(q.card == disrupt);
  CHECK(e.owner(s, q.card) == 1);  // the terminal says "the opponent's disrupt"
}
