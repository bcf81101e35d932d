// The knowledge model (engine/core/knowledge.h) is the one source of what a seat is shown: over
// random games of every bundled set, example and house rule, no text a seat reads (each event's
// log line, the legal actions' texts, the view) names a card that seat does not know, and the
// view and the observation agree with the model at every decision.
#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "agents.h"
#include "helpers.h"
#include "knowledge.h"
#include "match.h"
#include "observation.h"
#include "validate.h"
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
      const Question q = render_question(e, project(e, m.state(), p));
      for (const std::string& t : {q.shown, q.about, q.prompt})
        for (int c : cards_named(e, t)) {
          INFO("player " + std::to_string(p + 1) + " is asked about: " + t);
          CHECK(e.knows(m.state(), p, c));
        }
      // The other seat reads the question too (a hand trigger's, API 5: only who decides).
      const Question qo = render_question(e, project(e, m.state(), 1 - p));
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
  CHECK(render_question(e, project(e, s, 0)).ability == "land_maneuver");
  e.apply(s, Action{Action::Choose, kNone, kNone, static_cast<uint16_t>(disrupt)});
  // Disrupt, flipped faceup, resolves at once: its owner's opponent (player 1) flips first.
  REQUIRE(e.to_act(s) == 0);
  const Question q = render_question(e, project(e, s, 0));
  CHECK(q.ability == "disrupt");
  CHECK(q.card == disrupt);
  CHECK(e.owner(s, q.card) == 1);  // the terminal says "the opponent's disrupt"
}

// ---- Ruling 30: knowledge by deduction (knowledge.h), its rules one by one ---------------------
namespace {
// A standard table with the cards `hand` in player 2's hand (player 1 to act), every other card in
// the deck; player 1 knows the cards `shown` of that hand.
struct Table {
  std::shared_ptr<Engine> eng = test::load();
  State s = eng->blank();
  int card(const char* id) const { return eng->set().find(id); }
  uint64_t bits(std::initializer_list<const char*> ids) const {
    uint64_t m = 0;
    for (const char* id : ids) m |= uint64_t{1} << card(id);
    return m;
  }
  Table(std::initializer_list<const char*> hand, std::initializer_list<const char*> shown) {
    Board& b = s.b;
    for (const char* id : hand) {
      const int c = card(id);
      b.card[c] = CardLoc{Zone::Hand, 1, kNone, 0, b.seq_next++};
      knowledge::learn(b, 1, c);
    }
    for (const char* id : shown) knowledge::learn(b, 0, card(id));
    b.reindex();
  }
  // `id` leaves player 2's hand for the board facedown in air (improvised) or for the deck.
  void leave(const char* id, bool improvised) {
    Board& b = s.b;
    const int c = card(id);
    knowledge::leaves_hand(b, 1, c, improvised);
    b.card[c] = improvised ? CardLoc{Zone::Board, 1, 0, 0, b.seq_next++} : CardLoc{Zone::Deck, 0, kNone, 0, b.seq_next++};
    b.reindex(c);
  }
};
}  // namespace

TEST_CASE("ruling 30: a hand improvising turns what was known of it into a deduction that narrows as cards are learned", "[knowledge]") {
  Table t({"heavy_tanks", "super_battleship", "cover_fire"}, {"heavy_tanks", "super_battleship"});
  Board& b = t.s.b;
  t.leave("cover_fire", true);
  CHECK(knowledge::known(b, 0) == 0);
  REQUIRE(b.ndeduced[0] == 1);
  CHECK(b.deduced[0][0].cards == t.bits({"heavy_tanks", "super_battleship"}));
  CHECK(b.deduced[0][0].places == t.bits({"heavy_tanks", "super_battleship", "cover_fire"}));
  CHECK(b.ndeduced[1] == 0);  // player 2 knows their own cards
  knowledge::make_public(b, t.card("cover_fire"));  // not one of them: the two lie in the hand
  REQUIRE(b.ndeduced[0] == 1);
  CHECK(b.deduced[0][0].places == t.bits({"heavy_tanks", "super_battleship"}));
  knowledge::learn(b, 0, t.card("heavy_tanks"));  // the last card in the last place is known
  CHECK(b.ndeduced[0] == 0);
  CHECK(knowledge::knows(b, 0, t.card("super_battleship")));
  CHECK(state_problem(*t.eng, t.s, 1).empty());
}

TEST_CASE("ruling 30: a card leaving a hand unseen widens the deductions that held part of it", "[knowledge]") {
  Table t({"heavy_tanks", "cover_fire"}, {"heavy_tanks"});
  Board& b = t.s.b;
  t.leave("cover_fire", true);  // heavy_tanks among heavy_tanks' and cover_fire's places
  REQUIRE(b.ndeduced[0] == 1);
  // A new card joins the hand (player 1 sees it arrive, and not what it is), then one card is
  // destroyed from the hand: player 1 cannot tell which, so heavy_tanks may be any of them.
  const int ambush = t.card("ambush");
  b.card[ambush] = CardLoc{Zone::Hand, 1, kNone, 0, b.seq_next++};
  b.reindex(ambush);
  CHECK(b.deduced[0][0].places == t.bits({"heavy_tanks", "cover_fire"}));
  t.leave("ambush", false);
  CHECK(b.deduced[0][0].places == t.bits({"heavy_tanks", "cover_fire", "ambush"}));
  // A card player 1 knows leaving the hand is singled out: nothing widens.
  Table u({"heavy_tanks", "support", "cover_fire"}, {"heavy_tanks"});
  u.leave("cover_fire", true);
  knowledge::learn(u.s.b, 0, u.card("support"));
  const uint64_t before = u.s.b.deduced[0][0].places;
  u.leave("support", false);
  CHECK(u.s.b.deduced[0][0].places == before);
}

TEST_CASE("ruling 30: the hand's one known card improvised stays known; deductions past the limit merge; a full one fills its places", "[knowledge]") {
  Table one({"heavy_tanks"}, {"heavy_tanks"});
  one.leave("heavy_tanks", true);
  CHECK(knowledge::knows(one.s.b, 0, one.card("heavy_tanks")));
  CHECK(one.s.b.ndeduced[0] == 0);

  Table t({}, {});
  BoardCore& b = t.s.b;
  const char* cards[] = {"heavy_tanks", "super_battleship", "heavy_bombers", "ambush", "support", "cover_fire", "transport", "disrupt"};
  // kMaxDeductions deductions of two places each, then one more made by an improvise
  for (int i = 0; i < kMaxDeductions; ++i) b.deduced[0][i] = Deduction{t.bits({cards[2 * i]}), t.bits({cards[2 * i], cards[2 * i + 1]})};
  b.ndeduced[0] = kMaxDeductions;
  Table more({cards[6], cards[7]}, {cards[6]});
  more.s.b.ndeduced[0] = kMaxDeductions;
  for (int i = 0; i < kMaxDeductions; ++i) more.s.b.deduced[0][i] = b.deduced[0][i];
  more.leave(cards[7], true);
  REQUIRE(more.s.b.ndeduced[0] == kMaxDeductions);
  CHECK(more.s.b.deduced[0][kMaxDeductions - 1].cards == t.bits({cards[2 * (kMaxDeductions - 1)], cards[6]}));

  // heavy_tanks and super_battleship fill their two places: ambush, deduced among one of those
  // and its own place, is known to be in its own.
  Table full({}, {});
  BoardCore& f = full.s.b;
  f.deduced[0][0] = Deduction{full.bits({"heavy_tanks", "super_battleship"}), full.bits({"heavy_tanks", "super_battleship"})};
  f.deduced[0][1] = Deduction{full.bits({"ambush"}), full.bits({"ambush", "super_battleship"})};
  f.ndeduced[0] = 2;
  knowledge::settle(f, 0);
  CHECK(knowledge::knows(f, 0, full.card("ambush")));
  CHECK(f.ndeduced[0] == 1);
}

TEST_CASE("ruling 30: determinizations put each deduction's cards among its places, overlapping deductions too", "[knowledge]") {
  Table t({"heavy_tanks", "super_battleship", "ambush", "support"}, {});
  Board& b = t.s.b;
  b.card[t.card("heavy_bombers")] = CardLoc{Zone::Hand, 0, kNone, 0, b.seq_next++};
  knowledge::learn(b, 0, t.card("heavy_bombers"));
  b.reindex();
  const int tanks = t.card("heavy_tanks"), ship = t.card("super_battleship"), ambush = t.card("ambush");
  // heavy_tanks among {heavy_tanks, ambush}; super_battleship among {super_battleship, ambush}
  b.deduced[0][0] = Deduction{t.bits({"heavy_tanks"}), t.bits({"heavy_tanks", "ambush"})};
  b.deduced[0][1] = Deduction{t.bits({"super_battleship"}), t.bits({"super_battleship", "ambush"})};
  b.ndeduced[0] = 2;
  REQUIRE(state_problem(*t.eng, t.s, 1).empty());
  Rng rng(5);
  int at_ambush[2] = {0, 0};
  for (int i = 0; i < 600; ++i) {
    const State w = t.eng->sample(t.s, 0, rng);
    const CardLoc &lt = w.b.card[tanks], &ls = w.b.card[ship];
    REQUIRE((lt == b.card[tanks] || lt == b.card[ambush]));
    REQUIRE((ls == b.card[ship] || ls == b.card[ambush]));
    REQUIRE(!(lt == ls));
    at_ambush[0] += lt == b.card[ambush], at_ambush[1] += ls == b.card[ambush];
    CHECK(w.b.ndeduced[0] == 2);
    CHECK(state_problem(*t.eng, w, 1).empty());
  }
  CHECK(at_ambush[0] > 50);
  CHECK(at_ambush[1] > 50);
  // A forged deduction (a card outside its places) is refused as bytes.
  State bad = t.s;
  bad.b.deduced[0][0].places = t.bits({"ambush"});
  CHECK(state_problem(*t.eng, bad, 1) == "what a player deduced");
}
