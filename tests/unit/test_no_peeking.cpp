// No peeking, checked by an independent procedure (issue 20): another world consistent with a
// player's information is built here, by trading the identities of the cards the player does not
// know (a bijection written out field by field below, not Engine::sample), and every agent must
// rank its actions exactly as in the true world: the same texts, visits and estimates.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "helpers.h"
#include "agents.h"
#include "knowledge.h"
#include "mcts.h"

using namespace als;

namespace {

// The state with the identities of the cards `viewer` does not know traded at random: the card
// that sat at a place is now another the viewer cannot tell from it. Every field naming a card is
// renamed: locations, knowledge, counters, abilities due, lasting effects, and the running
// ability's snapshot, answers (a card's or a play's, by their recorded kinds) and question.
struct Trade {
  uint8_t to[kMaxCards];  // card c's place holds card to[c] in the other world
  int viewer = 0;
};
// The cards `cards` (places) traded among themselves at random.
void shuffle_among(Trade& t, const std::vector<uint8_t>& cards, std::mt19937_64& gen) {
  std::vector<uint8_t> image = cards;
  std::shuffle(image.begin(), image.end(), gen);
  for (size_t i = 0; i < cards.size(); ++i) t.to[cards[i]] = image[i];
}
// What the viewer knows is kept (ruling 30): the cards of a deduction stay among its places,
// so the places of each deduction trade among themselves (places two deductions share are left
// as they are), the other hidden cards among the rest.
Trade trade(const State& s, int viewer, std::mt19937_64& gen) {
  const int n = s.b.ncards;
  Trade t;
  t.viewer = viewer;
  for (int c = 0; c < kMaxCards; ++c) t.to[c] = static_cast<uint8_t>(c);
  uint64_t in_one = 0, in_two = 0;
  for (int i = 0; i < s.b.ndeduced[viewer]; ++i) {
    const uint64_t places = s.b.deduced[viewer][i].places;
    in_two |= in_one & places, in_one |= places;
  }
  std::vector<uint8_t> rest;
  for (int c = 0; c < n; ++c)
    if (!((s.b.known[viewer] >> c) & 1) && !((in_one >> c) & 1)) rest.push_back(static_cast<uint8_t>(c));
  shuffle_among(t, rest, gen);
  for (int i = 0; i < s.b.ndeduced[viewer]; ++i) {
    std::vector<uint8_t> places;
    for (int c = 0; c < n; ++c)
      if (((s.b.deduced[viewer][i].places & ~in_two) >> c) & 1) places.push_back(static_cast<uint8_t>(c));
    if ((s.b.deduced[viewer][i].places & in_two) == 0) shuffle_among(t, places, gen);
  }
  return t;
}

// `s` with the identities traded by `trade`.
State traded(const Engine& e, const State& s, const Trade& trade) {
  const int n = s.b.ncards;
  const uint8_t* to = trade.to;
  auto card = [&](uint8_t c) { return c < n ? to[c] : c; };  // kNone, kRuleCause, players: kept
  auto bits = [&](uint64_t b) {
    uint64_t out = 0;
    for (int c = 0; c < n; ++c)
      if ((b >> c) & 1) out |= uint64_t{1} << card(static_cast<uint8_t>(c));
    return out;
  };
  auto rename_core = [&](BoardCore& out, const BoardCore& in) {
    for (int c = 0; c < n; ++c) out.card[card(static_cast<uint8_t>(c))] = in.card[c];
    out.known[0] = bits(in.known[0]), out.known[1] = bits(in.known[1]);
    for (int p = 0; p < 2; ++p)  // the viewer's deductions name the same cards at the traded places
      for (int i = 0; i < in.ndeduced[p]; ++i)
        out.deduced[p][i] = Deduction{p == trade.viewer ? in.deduced[p][i].cards : bits(in.deduced[p][i].cards),
                                      bits(in.deduced[p][i].places)};
    for (int i = 0; i < in.ncounters; ++i)
      if (in.counters[i].target < kCounterPlayer) out.counters[i].target = card(in.counters[i].target);
  };
  auto rename_due = [&](Due& d) {
    d.card = card(d.card), d.event.card = card(d.event.card), d.event.by = card(d.event.by), d.event.cause = card(d.event.cause);
  };
  auto rename_play = [&](uint16_t code) {
    PlayOption p = PlayOption::decode(code);
    return p.with_card(card(p.card)).code();
  };
  State t = s;
  rename_core(t.b, s.b);
  for (int i = 0; i < s.b.qlen; ++i) rename_due(t.b.queue[i]);
  for (int i = 0; i < s.b.nlasting; ++i) {
    Lasting& l = t.b.lasting[i];
    l.card = card(l.card);
    for (int k = 0; k < l.nfields; ++k)
      if (l.type[k] == DataType::Card) l.value[k] = card(static_cast<uint8_t>(l.value[k]));
  }
  t.b.reindex();
  if (s.r.active) {
    rename_core(t.r.snapshot, s.r.snapshot);
    rename_due(t.r.due);
    for (int i = 0; i < s.r.nanswers; ++i) {
      uint16_t& a = t.r.answers[i];
      if (a == kNone) continue;
      if ((s.r.card_answers >> i) & 1) a = card(static_cast<uint8_t>(a));
      if ((s.r.play_answers >> i) & 1) a = rename_play(a);
    }
    Decision& d = t.r.pending;
    d.card = card(d.card), d.about = card(d.about);
    uint16_t opt[kMaxOptions];
    const int k = e.options(d, opt);
    for (int i = 0; i < k; ++i)
      if (opt[i] != kNone) opt[i] = d.kind == DecisionKind::Card ? card(static_cast<uint8_t>(opt[i]))
                                    : d.kind == DecisionKind::Play ? rename_play(opt[i]) : opt[i];
    d.set_options(opt, k);
  }
  return t;
}

State other_world(const Engine& e, const State& s, int viewer, std::mt19937_64& gen) {
  return traded(e, s, trade(s, viewer, gen));
}

// An agent's full answer at a decision, as the player sees it: for a search, every action with
// its visits and estimate; for the others, the action chosen.
std::vector<std::string> ranking(const Engine& e, const State& s, const std::string& spec, int seat,
                                 const BattleHistory* past = nullptr) {
  std::vector<Action> legal;
  e.legal(s, legal);
  InfoState info(e, s, legal);
  info.set_history(past);
  auto agent = make_agent(spec, 1234, seat);
  std::vector<std::string> out;
  if (auto* m = dynamic_cast<SearchAgent*>(agent.get())) {
    for (const Estimate& x : m->rank(info))
      out.push_back(x.text + " " + std::to_string(x.visits) + " " + std::to_string(x.win));

  } else {
    out.push_back(info.text(agent->decide(info)));
  }
  return out;
}

// The exact endgame's solution at a decision (MctsAgent::endgame, `spec`'s options), as the
// player sees it: every action with its worlds and mean reward (none outside an endgame).
std::vector<std::string> endgame_solution(const Engine& e, const State& s, const std::string& spec, int seat) {
  std::vector<Action> legal;
  e.legal(s, legal);
  InfoState info(e, s, legal);
  auto agent = make_agent(spec, 1234, seat);
  std::vector<std::string> out;
  for (const Estimate& x : dynamic_cast<MctsAgent&>(*agent).endgame(info))
    out.push_back(x.text + " " + std::to_string(x.visits) + " " + std::to_string(x.win));
  return out;
}

}  // namespace

TEST_CASE("no agent peeks: in other worlds built independently, every agent ranks its actions the same") {
  std::mt19937_64 gen(7);
  struct Case {
    const char* set;
    std::vector<std::string> rules;
  };
  int decisions = 0, mid_ability = 0, answered_hidden = 0, changed_worlds = 0, handles = 0, shown_hand = 0, solved = 0,
      deduced = 0;
  for (const Case& c : {Case{"standard", {}}, Case{"original", {}}, Case{"docs/examples/field-command", {}},
                        Case{"docs/examples/frontier", {"docs/examples/frontier/rules/mulligan.lua"}},
                        Case{"tests/sets/api4", {}},  // reveals (hands, facedown cards, the deck), to_hand
                        Case{"tests/sets/api4", {"tests/sets/api4/rules/draft.lua"}},  // a deal hook: a draft
                        // the same house rule (reveals, to_hand, a deal hook) with both printings
                        Case{"standard", {"tests/sets/api4/rules/draft.lua"}},
                        Case{"original", {"tests/sets/api4/rules/draft.lua"}}}) {
    std::vector<std::string> rules;
    for (const std::string& r : c.rules) rules.push_back(std::string(ALS_DATA_DIR) + "/" + r);
    const std::string set = std::string(c.set).find('/') == std::string::npos ? c.set : std::string(ALS_DATA_DIR) + "/" + c.set;
    auto eng = test::load(set, rules);
    const Engine& e = *eng;
    for (uint64_t g = 1; g <= 8; ++g) {
      State s = e.new_game(g);
      auto a = make_agent("random", g, 0), b = make_agent("random", g, 1);
      std::vector<Action> legal;
      while (e.to_act(s) >= 0) {
        const int p = e.to_act(s);
        for (int c = 0; c < s.b.ncards; ++c)  // a card of the other hand the player was shown (API 4)
          shown_hand += s.b.card[c].zone == Zone::Hand && s.b.card[c].owner != p && ((s.b.known[p] >> c) & 1);
        deduced += s.b.ndeduced[p] > 0;  // ruling 30: a deduction the worlds keep
        // At every decision: two other worlds; every agent (small budgets), the same answer.
        for (int w = 0; w < 2; ++w) {
          State t = other_world(e, s, p, gen);
          changed_worlds += !(t == s);
          // The information state itself: the very same actions in both worlds, handles for
          // every card the player cannot identify, so nothing an agent is given names one.
          std::vector<Action> here, there;
          e.legal(s, here);
          e.legal(t, there);
          InfoState info_here(e, s, here), info_there(e, t, there);
          REQUIRE(info_here.legal() == info_there.legal());
          for (const Action& x : info_here.legal()) {
            handles += x.card == InfoState::kHandleCard;
            if (x.card == InfoState::kHandleCard) continue;
            const DecisionKind kind = e.decision_kind(s);
            const int card = x.type != Action::Choose     ? x.card
                             : kind == DecisionKind::Card ? x.option
                             : kind == DecisionKind::Play ? PlayOption::decode(x.option).card
                                                          : kNone;
            if (card < s.b.ncards) REQUIRE(((s.b.known[p] >> card) & 1));
          }
          for (const std::string& spec : {std::string("random"), std::string("greedy"), std::string("mcts:30"), std::string("mcts-v1:30"),
                                          std::string("mcts:iterations=20,horizon=game")}) {
            INFO(c.set << " game " << g << " " << spec << " decision " << decisions);
            REQUIRE(ranking(e, s, spec, p) == ranking(e, t, spec, p));
          }
          {  // the exact endgame (two cards a hand, every world the budget allows)
            const std::string spec = "mcts:iterations=300,worlds=6";
            INFO(c.set << " game " << g << " " << spec << " decision " << decisions);
            const std::vector<std::string> here = endgame_solution(e, s, spec, p);
            REQUIRE(here == endgame_solution(e, t, spec, p));
            solved += !here.empty();
          }
        }
        ++decisions;
        if (s.r.active) {
          ++mid_ability;
          for (int i = 0; i < s.r.nanswers; ++i)  // an answer that is the number of a hidden card
            answered_hidden += s.r.answers[i] < s.b.ncards && !((s.b.known[p] >> s.r.answers[i]) & 1);
        }
        e.legal(s, legal);
        e.apply(s, (p == 0 ? a : b)->choose(e, s, legal));
      }
    }
  }
  INFO(decisions << " decisions, " << mid_ability << " in an ability, " << answered_hidden
                 << " answers numbered as a hidden card, " << handles << " handles");
  CHECK(decisions > 1000);
  CHECK(mid_ability > 30);
  CHECK(answered_hidden > 0);  // the case the old determinization pinned
  CHECK(changed_worlds > decisions);  // the worlds really differ
  CHECK(handles > 0);  // and agents were given handles for hidden cards
  CHECK(shown_hand > 0);  // and some decided knowing cards of the other hand
  CHECK(deduced > 20);  // and some keeping a deduction
  CHECK(solved > 100);  // and endgames were solved
}

// The other side of no peeking: what a player was shown is used. The same position with the
// opponent's hand shown to the player to act (API 4's g:reveal sets these very bits) is searched
// differently: the determinizations keep the shown cards where they are.
TEST_CASE("an agent shown the opponent's hand plays from that knowledge", "[knowledge]") {
  auto eng = test::load(std::string(ALS_DATA_DIR) + "/tests/sets/api4");
  const Engine& e = *eng;
  int differ = 0, seeds = 0;
  for (uint64_t g = 1; g <= 6; ++g, ++seeds) {
    const State s = e.new_game(g);
    const int p = e.to_act(s);
    REQUIRE(p >= 0);
    State shown = s;
    for (int c = 0; c < s.b.ncards; ++c)
      if (s.b.card[c].zone == Zone::Hand && s.b.card[c].owner != p) shown.b.known[p] |= uint64_t{1} << c;
    REQUIRE(!(shown == s));
    // The search's estimates move with what it knows (here: 12 of the unknown cards become 6).
    differ += ranking(e, shown, "mcts:300", p) != ranking(e, s, "mcts:300", p);
    // And the shown hand is the only difference that matters: trading the cards still unknown
    // changes nothing (the no-peeking property, with the shown cards fixed).
    std::mt19937_64 gen(g);
    CHECK(ranking(e, shown, "mcts:300", p) == ranking(e, other_world(e, shown, p, gen), "mcts:300", p));
  }
  CHECK(differ == seeds);
}

// ... and the same as a player who knows the same cards by the normal rules (ruling 28): g:reveal
// (the engine's op_reveal, what the verb runs) leaves nothing but the knowledge the rules' own
// bookkeeping records when a player sees a card, so the state, and every agent's play from it,
// is the same whichever way the player came to know the cards.
TEST_CASE("a hand shown by g:reveal is played from exactly as the same cards known by the rules", "[knowledge]") {
  auto eng = test::load(std::string(ALS_DATA_DIR) + "/tests/sets/api4");
  const Engine& e = *eng;
  for (uint64_t g = 1; g <= 4; ++g) {
    const State s = e.new_game(g);
    const int p = e.to_act(s), q = 1 - p;
    REQUIRE(p >= 0);
    State revealed = s, by_rules = s;
    AbilityCtx c;
    c.eng = &e;
    c.s = &revealed;
    for (int card = 0; card < s.b.ncards; ++card) {
      if (s.b.card[card].zone != Zone::Hand || s.b.card[card].owner != q) continue;
      e.ops().reveal(c, card, 1 << p);
      knowledge::learn(by_rules.b, p, card);  // what ruling 28's bookkeeping records of a card seen
    }
    CHECK(revealed == by_rules);
    CHECK(!(revealed == s));
    for (const std::string spec : {"mcts:200", "greedy", "mcts:iterations=60,horizon=game"})
      CHECK(ranking(e, revealed, spec, p) == ranking(e, by_rules, spec, p));
  }
}

// Beliefs read the battle's past turns: the other world is then a world of the whole battle, its
// past turns traded as the present is (the same identities at the same places), and the search
// weighing its worlds by those turns must still answer exactly as in the true one.
TEST_CASE("no peeking with beliefs: the past turns traded as the present, the same answer", "[beliefs]") {
  auto eng = test::load();
  const Engine& e = *eng;
  std::mt19937_64 gen(11);
  int decisions = 0, with_past = 0;
  for (uint64_t g = 1; g <= 4; ++g) {
    State s = e.new_game(g);
    auto a = make_agent("random", g, 0), b = make_agent("random", g, 1);
    std::vector<std::pair<State, Action>> turns;  // this battle's turns
    std::vector<Action> legal;
    while (e.to_act(s) >= 0) {
      const int p = e.to_act(s);
      if (!turns.empty() && turns.front().first.b.battle != s.b.battle) turns.clear();
      BattleHistory here, there;
      const Trade tr = trade(s, p, gen);
      for (const auto& [before, act] : turns) {
        here.record(e, before, act);
        Action renamed = act;
        if (act.type == Action::Deploy || act.type == Action::Improvise) renamed.card = tr.to[act.card];
        there.record(e, traded(e, before, tr), renamed);
      }
      const State t = traded(e, s, tr);
      const std::string spec = "mcts:iterations=30,belief=1,pool=16";
      INFO("game " << g << " decision " << decisions);
      REQUIRE(ranking(e, s, spec, p, &here) == ranking(e, t, spec, p, &there));
      with_past += here.size() > 0;
      ++decisions;
      e.legal(s, legal);
      const Action act = (p == 0 ? a : b)->choose(e, s, legal);
      if (!s.r.active && e.decision_kind(s) == DecisionKind::Turn) turns.emplace_back(s, act);
      e.apply(s, act);
    }
  }
  CHECK(decisions > 100);
  CHECK(with_past > 50);
}

// Ruling 30: a player who knew one card of the other's hand sees a card of it improvised. Which
// card went (the known one or another) must change nothing that player is shown or does, and
// every world the search imagines keeps the known card among the hand and the facedown card.
TEST_CASE("no peeking after a deduction: which hand card was improvised changes nothing the other player reads or plays", "[knowledge]") {
  auto eng = test::load();
  const Engine& e = *eng;
  int checked = 0;
  for (uint64_t g = 1; g <= 6; ++g) {
    State s = e.new_game(g);
    const int p = e.to_act(s), q = 1 - p;
    uint8_t hand[kMaxCards];
    REQUIRE(e.zone(s, Zone::Hand, q, hand) >= 2);
    const uint8_t known = hand[0], other = hand[1];
    knowledge::learn(s.b, p, known);  // as a public card Redeploy returned to that hand
    std::vector<Action> legal;
    e.legal(s, legal);
    const auto first = std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.type == Action::Improvise; });
    REQUIRE(first != legal.end());
    e.apply(s, *first);
    if (e.to_act(s) != q || s.r.active) continue;
    const uint8_t theater = s.b.order[0];
    State x = s, y = s;
    e.apply(x, Action{Action::Improvise, known, theater, kNone});
    e.apply(y, Action{Action::Improvise, other, theater, kNone});
    if (e.to_act(x) != p || x.r.active || e.to_act(y) != p || y.r.active) continue;
    INFO("game " << g);
    CHECK(x.b.ndeduced[p] == 1);
    CHECK(project(e, x, p) == project(e, y, p));
    CHECK(!(project(e, x, q) == project(e, y, q)));
    for (const std::string spec : {"random", "greedy", "mcts:60", "mcts:iterations=30,horizon=game"})
      CHECK(ranking(e, x, spec, p) == ranking(e, y, spec, p));
    Rng rng(g);
    int in_hand = 0, facedown = 0;
    for (int i = 0; i < 400; ++i) {
      const State t = e.sample(x, p, rng);
      const CardLoc& l = t.b.card[known];
      REQUIRE(l.owner == q);
      REQUIRE((l.zone == Zone::Hand || (l.zone == Zone::Board && l.theater == theater && !l.faceup)));
      (l.zone == Zone::Hand ? in_hand : facedown)++;
    }
    CHECK(in_hand > 100);  // both places drawn (the facedown card is one of the hand's cards: 1 in |hand|)
    CHECK(facedown > 20);
    ++checked;
  }
  CHECK(checked >= 3);
}

// No peeking beyond doubt (issue 76): the core's permutation (permuted: every card reference the
// state holds) swaps two cards the player to act cannot tell apart (its projection the same
// before and after; neither among the cards of its deductions; both players' deductions renamed
// with the cards), and every search, with the same seed, must answer exactly as before: the
// determinization is a function of the player's information and the agent's seed only. Every
// bundled set and example, positions of greedy against random (the first printing's too), in
// and out of abilities and across deductions.
TEST_CASE("no peeking, by the core's permutation: two cards the player cannot tell apart swapped, every search the same") {
  int checked = 0, deduced = 0, mid = 0;
  for (const char* set : {"standard", "original", "docs/examples/field-command", "docs/examples/frontier",
                          "docs/examples/supply-lines", "docs/examples/skirmish", "tests/sets/reactions", "tests/sets/mimic",
                          "tests/sets/hidden_choice"}) {
    const std::string dir = std::string(set).find('/') == std::string::npos ? set : std::string(ALS_DATA_DIR) + "/" + set;
    auto eng = test::load(dir);
    const Engine& e = *eng;
    // (ALS_PEEK_GAMES=N plays N games a set instead of 3, and prints what was checked: 40 games,
    // 3,177 positions, 870 with a deduction, 447 in an ability, no difference.)
    const uint64_t games = std::getenv("ALS_PEEK_GAMES") ? std::strtoull(std::getenv("ALS_PEEK_GAMES"), nullptr, 10) : 3;
    for (uint64_t g = 1; g <= games; ++g) {
      State s = e.new_game(g);
      auto a = make_agent("greedy", g, 0), b = make_agent("random", g, 1);
      std::vector<Action> legal;
      for (int step = 0; e.to_act(s) >= 0; ++step) {
        const int p = e.to_act(s);
        e.legal(s, legal);
        uint64_t in_deductions = 0;
        for (int i = 0; i < s.b.ndeduced[p]; ++i) in_deductions |= s.b.deduced[p][i].cards;
        std::vector<uint8_t> unknown;
        for (int c = 0; c < s.b.ncards; ++c)
          if (!((s.b.known[p] >> c) & 1) && !((in_deductions >> c) & 1)) unknown.push_back(static_cast<uint8_t>(c));
        if (legal.size() > 1 && unknown.size() >= 2 && step % 3 == 0) {
          uint8_t to[kMaxCards];
          for (int c = 0; c < kMaxCards; ++c) to[c] = static_cast<uint8_t>(c);
          const uint8_t x = unknown[(step / 3) % unknown.size()], y = unknown[(step / 3 + 1) % unknown.size()];
          std::swap(to[x], to[y]);
          const State t = permuted(e, s, to);
          if (project(e, s, p) == project(e, t, p)) {  // (a copier's total may tell them apart)
            for (const std::string spec : {"greedy", "mcts:40", "mcts-v1:40", "mcts-v2:40"}) {
              INFO(set << " game " << g << " step " << step << " " << spec << ": cards " << int(x) << " and " << int(y));
              REQUIRE(ranking(e, s, spec, p) == ranking(e, t, spec, p));
            }
            ++checked, deduced += s.b.ndeduced[p] > 0, mid += s.r.active;
          }
        }
        // Deductions (ruling 30) are rare in such games: every other turn the other player is
        // shown a card of this hand first (as a Redeploy's return shows one), so that playing a
        // card of it facedown leaves them deducing.
        if (!s.r.active && step % 2 == 1) {
          uint8_t hand[kMaxCards];
          const int n = e.zone(s, Zone::Hand, p, hand);
          if (n > 0) knowledge::learn(s.b, 1 - p, hand[step % n]);
        }
        e.apply(s, (p == 0 ? a : b)->choose(e, s, legal));
      }
    }
  }
  INFO(checked << " positions, " << deduced << " with a deduction, " << mid << " in an ability");
  if (std::getenv("ALS_PEEK_GAMES")) std::fprintf(stderr, "%d positions, %d deduced, %d mid\n", checked, deduced, mid);
  CHECK(checked > 150);
  CHECK(deduced > 30);
  CHECK(mid > 5);
}
