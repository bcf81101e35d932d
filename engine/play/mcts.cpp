#include "mcts.h"

#include "knowledge.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <exception>
#include <thread>

namespace als {

std::vector<double> MctsAgent::win_chances(const Rules& r) {
  const int target = std::max(r.vp_target, 1);
  // The VP a battle gives its winner: the battle's VP half the time, else one entry of either
  // withdrawal chart (each entry as likely).
  std::vector<std::pair<int, double>> vp{{std::max(r.battle_vp, 1), 0.5}};
  const size_t entries = r.withdraw_chart[0].size() + r.withdraw_chart[1].size();
  for (const auto& chart : r.withdraw_chart)
    for (int v : chart) vp.emplace_back(std::max(v, 1), 0.5 / static_cast<double>(entries));
  if (entries == 0) vp[0].second = 1;
  // p[a][b]: the chance of the player a VP short against one b short, filled from small to large.
  const int n = target + 1;
  std::vector<double> p(static_cast<size_t>(n * n));
  auto at = [&](int a, int b) -> double {
    if (a <= 0) return b <= 0 ? 0.5 : 1.0;
    if (b <= 0) return 0.0;
    return p[static_cast<size_t>(a * n + b)];
  };
  for (int a = 0; a <= target; ++a)
    for (int b = 0; b <= target; ++b) {
      if (a == 0 || b == 0) {
        p[static_cast<size_t>(a * n + b)] = at(a, b);
        continue;
      }
      double v = 0;
      for (const auto& [x, q] : vp) v += 0.5 * q * (at(a - x, b) + at(a, b - x));
      p[static_cast<size_t>(a * n + b)] = v;
    }
  return p;
}

double MctsAgent::win_chance(const Rules& r, int need, int other_need) {
  const int target = std::max(r.vp_target, 1);
  const int n = target + 1;
  return win_chances(r)[static_cast<size_t>(std::clamp(need, 0, target) * n + std::clamp(other_need, 0, target))];
}

namespace {

// How much a turn's play does for player p, by the margins (p's total less the opponent's, by
// theater id) before it: taking a theater, holding a close one, a card's full strength and
// ability; a play wasted on a theater safely held or already lost scores low. -100 for an action
// that is not a play.
int play_score(const Engine& e, const State& s, int p, const int* margin, const Action& a) {
  if (a.type != Action::Deploy && a.type != Action::Improvise) return -100;
  const bool deploy = a.type == Action::Deploy;
  const int m = margin[a.theater];
  const int after = m + (deploy ? e.set().cards[a.card].strength : e.rules().facedown_strength);
  const bool before_held = m > 0 || (m == 0 && s.b.first == p);
  const bool after_held = after > 0 || (after == 0 && s.b.first == p);
  int v = deploy ? 2 : 0;
  if (!before_held && after_held) v += 6;
  else if (before_held) v += m <= 3 ? 3 : -2;
  else v += after > -4 ? 1 : -3;
  return v;
}

// Player p's total less the opponent's in each theater (by theater id); returns the theaters p holds.
int margins(const Engine& e, const State& s, int p, int* margin) {
  int held = 0;
  int total[2][kMaxTheaters];
  e.totals(s, total);
  for (int i = 0; i < s.b.ntheaters; ++i) {
    const int t = s.b.order[i];
    margin[t] = total[p][t] - total[1 - p][t];
    held += margin[t] > 0 || (margin[t] == 0 && s.b.first == p);
  }
  return held;
}

// Move-average sampling (MAST, Finnsson & Bjornsson 2008): the mean reward of each move, by the
// player who made it, over every iteration of one search (tree and playout alike), a move named
// as it is in the determinization (its card, theater and option). A hashed table; collisions are
// rare and only blur the policy.
struct Mast {
  static constexpr int kBits = 12;  // a table of 2 x 4,096 cells (64 KB, in cache)
  struct Cell {
    float sum = 0;
    int32_t n = 0;
  };
  std::vector<Cell> cells = std::vector<Cell>(size_t{2} << kBits);
  std::vector<uint32_t> touched;
  static uint32_t index(int player, const Action& a) {
    const uint32_t k = static_cast<uint32_t>(a.type) | static_cast<uint32_t>(a.card) << 2 |
                       static_cast<uint32_t>(a.theater) << 10 | static_cast<uint32_t>(a.option) << 16;
    return static_cast<uint32_t>(player & 1) << kBits | (k * 0x9E3779B1u) >> (32 - kBits);
  }
  // The mean reward of the move, 0.5 if it has none yet.
  double value(int player, const Action& a) const {
    const Cell& c = cells[index(player, a)];
    return c.n ? c.sum / static_cast<double>(c.n) : 0.5;
  }
  void add(uint32_t i, double reward) {
    Cell& c = cells[i];
    if (c.n == 0) touched.push_back(i);
    c.sum += static_cast<float>(reward);
    ++c.n;
  }
  void clear() {
    for (uint32_t i : touched) cells[i] = Cell{};
    touched.clear();
  }
};

// The policy that guides playouts and orders expansions. Not a search: it reads the totals in
// each theater once and scores every play by what it does to control there (play_score); it
// withdraws by the chart when that costs less than the battle and taking the theaters still
// needed would ask more than the cards left can be expected to give; a share `explore` of its
// turns is uniform. With `mast` (not null), a play's score gains weight * (its mean reward so far
// - 0.5), and an ability's decision takes the option with the best mean (else it is uniform).
// Picks among `among` (indices into `acts`, not empty); returns an index into `acts`.
size_t guided_index(const Engine& e, const State& s, const std::vector<Action>& acts, const std::vector<int>& among,
                    double explore, Rng& rng, const Mast* mast, double weight) {
  const size_t n = among.size();
  if (n == 1) return static_cast<size_t>(among[0]);
  int withdraw = -1;  // the withdrawal's place in `among`, if it is there
  for (size_t i = 0; i < n; ++i)
    if (acts[static_cast<size_t>(among[i])].type == Action::Withdraw) withdraw = static_cast<int>(i);
  auto uniform = [&] {  // any but the withdrawal
    size_t k = static_cast<size_t>(rng.below(withdraw >= 0 ? n - 1 : n));
    if (withdraw >= 0 && k >= static_cast<size_t>(withdraw)) ++k;
    return static_cast<size_t>(among[k]);
  };
  auto best_by = [&](auto score) {  // the action of `among` with the highest score, ties at random
    double best = -1e300;
    size_t pick = static_cast<size_t>(among[0]), ties = 0;
    for (size_t i = 0; i < n; ++i) {
      const double v = score(acts[static_cast<size_t>(among[i])]);
      if (v > best) best = v, pick = static_cast<size_t>(among[i]), ties = 1;
      else if (v == best && rng.below(++ties) == 0) pick = static_cast<size_t>(among[i]);
    }
    return pick;
  };
  const int p = e.to_act(s);
  if (e.decision_kind(s) != DecisionKind::Turn) {
    if (!mast || rng.unit() < explore) return uniform();
    return best_by([&](const Action& a) { return mast->value(p, a); });
  }
  const Board& b = s.b;
  int margin[kMaxTheaters] = {};
  const int held = margins(e, s, p, margin);
  if (withdraw >= 0 && held < 2) {
    const int mine = count_cards(b.in_hand(p)), theirs = count_cards(b.in_hand(1 - p));
    if (e.withdraw_vp(s, p, mine) < e.rules().battle_vp) {
      int low[2] = {1 << 20, 1 << 20};  // the two smallest gaps: the strength needed to take a theater
      for (int i = 0; i < b.ntheaters; ++i) {
        const int t = b.order[i];
        const int gap = -margin[t] + (b.first == p ? 0 : 1);
        if (gap <= 0) continue;
        if (gap < low[0]) low[1] = low[0], low[0] = gap;
        else if (gap < low[1]) low[1] = gap;
      }
      const int needed = held == 1 ? low[0] : low[0] + low[1];
      if (needed > 5 + 3 * std::max(0, mine - theirs)) return static_cast<size_t>(among[static_cast<size_t>(withdraw)]);
    }
  }
  if (rng.unit() < explore) return uniform();
  return best_by([&](const Action& a) {
    return play_score(e, s, p, margin, a) + (mast ? weight * (mast->value(p, a) - 0.5) : 0.0);
  });
}

// A move as the searching player `me` sees it once it is made: its text's key (Engine::action_key),
// except that a deploy names its card, which the deploy shows (an opponent's card in hand has no
// name before it). So the tree tells the opponent's deploys apart as they are seen on the table.
uint32_t move_key(const Engine& e, const State& s, const Action& a, int me) {
  if (a.type == Action::Deploy && a.card < e.set().cards.size() && !knowledge::knows(s.b, me, a.card))
    return e.action_key(s, a, -1);
  return e.action_key(s, a, me);
}

}  // namespace

namespace {

// An array of a trivially copyable aggregate in raw memory: its pages are touched only as its
// elements are written (assigning an aggregate into the memory begins its life).
template <typename T>
struct RawArray {
  struct Free {
    void operator()(T* p) const { ::operator delete(p); }
  };
  std::unique_ptr<T, Free> data;
  size_t size = 0;
  // Room for n elements at least, the first `keep` kept.
  void reserve(size_t n, size_t keep) {
    if (n <= size) return;
    T* p = static_cast<T*>(::operator new(sizeof(T) * n));
    if (keep > 0) std::memcpy(static_cast<void*>(p), data.get(), sizeof(T) * keep);
    data.reset(p);
    size = n;
  }
  T& operator[](int32_t i) { return data.get()[i]; }
};

}  // namespace

// A search tree: its nodes' shapes in one array, the root at 0, and their figures in others, one
// a worker that grows the tree, so that a worker writes only its own figures and the shapes stay
// in every core's cache. A tree of one worker grows as it needs. A tree several workers share has
// room reserved before the search (no node moves while another thread reads it), its nodes handed
// out by an atomic counter; each worker also keeps the other workers' figures as it last read them
// (`seen`), and reads them again only now and then at a node it visits often: reading figures
// another core has just written costs as much as the rest of an iteration.
struct MctsAgent::Tree {
  RawArray<Node> nodes;
  std::vector<RawArray<Stat>> stats;
  std::vector<RawArray<Stat>> seen;  // a shared tree's: by worker, the others' figures summed, as last read
  int32_t capacity = 0;  // nodes with room in every array
  std::atomic<int32_t> used{0};
  bool shared = false;
  // Empties the tree to its root, for `workers` workers; `room` > 0: shared, with room for that
  // many nodes.
  void reset(size_t workers, int32_t room) {
    shared = room > 0;
    stats.resize(workers);
    seen.resize(shared ? workers : 0);
    const size_t n = shared ? static_cast<size_t>(room) : std::max<size_t>(nodes.size, 1024);
    nodes.reserve(n, 0);
    for (auto& st : stats) st.reserve(n, 0);
    for (auto& st : seen) st.reserve(n, 0);
    capacity = static_cast<int32_t>(n);
    nodes[0] = Node{};
    for (auto& st : stats) st[0] = Stat{};
    for (auto& st : seen) st[0] = Stat{};
    used.store(1, std::memory_order_relaxed);
  }
  // A new node, its shape and figures empty, or -1 when a shared tree is full.
  int32_t make() {
    int32_t i;
    if (!shared) {
      i = used.load(std::memory_order_relaxed);
      if (i == capacity) {
        capacity *= 2;
        nodes.reserve(static_cast<size_t>(capacity), static_cast<size_t>(i));
        for (auto& st : stats) st.reserve(static_cast<size_t>(capacity), static_cast<size_t>(i));
      }
      used.store(i + 1, std::memory_order_relaxed);
    } else {
      i = used.fetch_add(1, std::memory_order_relaxed);
      if (i >= capacity) return -1;
    }
    nodes[i] = Node{};
    for (auto& st : stats) st[i] = Stat{};
    for (auto& st : seen) st[i] = Stat{};
    return i;
  }
  Node& operator[](int32_t i) { return nodes[i]; }
};

namespace {

// A figure of a tree's node as its one writer changes it: plain in a tree of one worker; in a
// shared one an atomic load and store (other workers read it meanwhile, none writes it).
template <bool Shared, typename T>
void add(T& x, T v) {
  if constexpr (Shared) {
    std::atomic_ref<T> r(x);
    r.store(r.load(std::memory_order_relaxed) + v, std::memory_order_relaxed);
  } else {
    x += v;
  }
}
// A node's figures, summed over the workers' arrays but `skip`'s (-1: none); atomic loads
// (relaxed), as other workers may be writing them.
template <typename Stat>
Stat total(std::vector<RawArray<Stat>>& stats, int32_t node, size_t skip = size_t(-1)) {
  Stat sum;
  for (size_t k = 0; k < stats.size(); ++k) {
    if (k == skip) continue;
    Stat& x = stats[k][node];
    sum.visits += std::atomic_ref<int32_t>(x.visits).load(std::memory_order_relaxed);
    sum.avail += std::atomic_ref<int32_t>(x.avail).load(std::memory_order_relaxed);
    sum.wins += std::atomic_ref<double>(x.wins).load(std::memory_order_relaxed);
    sum.battle_wins += std::atomic_ref<double>(x.battle_wins).load(std::memory_order_relaxed);
  }
  return sum;
}
// A node's first child: acquire in a shared tree, so that the child's shape, written before it
// was linked in, is seen.
template <bool Shared>
int32_t first_child(int32_t& first) {
  if constexpr (Shared) return std::atomic_ref<int32_t>(first).load(std::memory_order_acquire);
  else return first;
}

}  // namespace

// One thread's search: its generator and buffers, an engine of its own (scripts run in one
// thread per engine), and its tree (its own, or the one all workers share).
struct MctsAgent::Worker {
  const Engine* engine = nullptr;
  Rng rng;
  Tree own;
  Tree* tree = &own;
  size_t slot = 0;  // its figures in the tree (tree->stats[slot])
  std::vector<Action> acts;
  std::vector<uint32_t> keys;
  std::vector<int32_t> child_of;  // for each legal action, the child of the node with its key (-1 none)
  std::vector<int32_t> same;      // for each legal action, the next with the same key (-1 none)
  std::vector<int32_t> slots;     // an open-addressed table of the keys: the first action with each
  std::vector<int32_t> distinct;  // the first action of each key, in order
  std::vector<int32_t> path;
  std::vector<int> candidates, all;
  State state;  // this iteration's determinization, played on
  Mast mast;
  std::vector<uint32_t> moves;  // this iteration's moves (Mast::index)
  int iterations = 0;  // done
  std::vector<double> logs;  // log(n) for n >= 1 (log(1) for 0), grown as needed
  double log(int n) {
    if (static_cast<size_t>(n) >= logs.size()) {
      const size_t from = logs.size();
      logs.resize(std::max<size_t>(static_cast<size_t>(n) + 1, 2 * from + 64));
      for (size_t k = from; k < logs.size(); ++k) logs[k] = std::log(static_cast<double>(std::max<size_t>(k, 1)));
    }
    return logs[static_cast<size_t>(n)];
  }
};

template <bool Shared>
void MctsAgent::search(Worker& w, const InfoState& info, int iterations, std::chrono::steady_clock::time_point until) {
  const Engine& e = *w.engine;
  const int me = info.player();
  const Rules& rules = e.rules();
  const int target = std::max(rules.vp_target, 1);
  auto chance = [&](int mine, int theirs) {  // of `me` winning the game at these scores
    const int need = std::clamp(target - mine, 0, target), other = std::clamp(target - theirs, 0, target);
    return chance_[static_cast<size_t>(need * (target + 1) + other)];
  };
  Tree& tree = *w.tree;
  // The tree's shapes and this worker's figures (in a tree of its own, the only ones), looked up
  // again after a node is made (a tree of one worker may then move).
  Node* nodes = nullptr;
  Stat* mine = nullptr;
  auto view = [&] {
    nodes = tree.nodes.data.get();
    mine = tree.stats[w.slot].data.get();
  };
  view();
  // A node's figures, all workers' together: in a shared tree this worker's own and the others'
  // as last read, read again when `fresh` or when none were seen yet.
  auto figures = [&](int32_t n, bool fresh) -> Stat {
    if constexpr (!Shared) {
      return mine[n];
    } else {
      Stat& other = tree.seen[w.slot][n];
      if (fresh || other.visits == 0) other = total(tree.stats, n, w.slot);
      const Stat& own = mine[n];
      return Stat{own.visits + other.visits, own.avail + other.avail, own.wins + other.wins,
                  own.battle_wins + other.battle_wins};
    }
  };
  // Whether a node's children's figures are read again at this visit: when this worker has
  // visited it v times, at every step-th visit, step the largest power of two at most v / 16 (so
  // the others' figures are at most about a sixteenth behind), from 1 up to 128.
  auto fresh_at = [&](int32_t n) {
    if constexpr (!Shared) return false;
    const auto v = static_cast<uint32_t>(mine[n].visits);
    return v % std::clamp<uint32_t>(std::bit_floor(v) >> 4, 1, 128) == 0;
  };
  w.mast.clear();
  const Mast* mastp = opt_.mast > 0 ? &w.mast : nullptr;
  RandomAgent inside(w.rng.next());
  SeatChooser inside_answers(&inside, &inside);  // decisions inside abilities, during their runs
  const Engine::Sampler sampler = info.sampler();
  int it = 0;
  for (; it < iterations; ++it) {
    if (opt_.time_ms > 0 && it > 0 && it % 8 == 0 && std::chrono::steady_clock::now() >= until) break;
    sampler.draw(w.state, w.rng);
    State& t = w.state;
    const uint16_t start_battle = t.b.battle;
    const int32_t start_score[2] = {t.b.score[0], t.b.score[1]};
    // The root's visits before this iteration: the iterations of every worker begun so far.
    const int root_visits = figures(0, fresh_at(0)).visits;
    add<Shared>(mine[0].visits, 1);
    int32_t node = 0;
    w.path.assign(1, 0);
    w.moves.clear();
    bool expanded = false;
    int battle_won = -1;  // 1 if `me` won the battle the search began in, 0 if lost, -1 not over
    auto battle_over = [&] {
      if (battle_won < 0 && t.b.last.number == start_battle) battle_won = t.b.last.winner == me;
    };
    try {
      while (!expanded && e.to_act(t) >= 0) {
        if (!opt_.game && t.b.battle != start_battle) break;
        std::vector<Action>& acts = w.acts;
        e.legal(t, acts);
        const int who = e.to_act(t);
        const size_t n = acts.size();
        w.keys.resize(n);
        w.child_of.assign(n, -1);
        for (size_t i = 0; i < n; ++i) w.keys[i] = move_key(e, t, acts[i], me);
        // The actions grouped by key: a table of at least twice as many slots as actions.
        size_t mask = 15;
        while (mask < 2 * n) mask = mask * 2 + 1;
        w.slots.assign(mask + 1, -1);
        w.same.resize(n);
        w.distinct.clear();
        auto slot_of = [&](uint32_t key) -> int32_t& {  // the slot holding the key, or the empty one where it would go
          size_t h = (key * 0x9E3779B1u) >> 7;
          for (;; ++h) {
            int32_t& sl = w.slots[h & mask];
            if (sl < 0 || w.keys[static_cast<size_t>(sl)] == key) return sl;
          }
        };
        for (size_t i = 0; i < n; ++i) {
          int32_t& sl = slot_of(w.keys[i]);
          w.same[i] = -1;
          if (sl < 0) {
            sl = static_cast<int32_t>(i);
            w.distinct.push_back(static_cast<int32_t>(i));
          } else {  // after the last action with the key
            int32_t j = sl;
            while (w.same[static_cast<size_t>(j)] >= 0) j = w.same[static_cast<size_t>(j)];
            w.same[static_cast<size_t>(j)] = static_cast<int32_t>(i);
          }
        }
        // Availability: every child whose move exists in this determinization.
        int have = 0;  // children available
        const int32_t head = first_child<Shared>(nodes[node].first);  // the children this visit sees
        for (int32_t ch = head; ch >= 0; ch = nodes[ch].next) {
          const int32_t first = slot_of(nodes[ch].key);
          if (first < 0) continue;
          for (int32_t j = first; j >= 0; j = w.same[static_cast<size_t>(j)]) w.child_of[static_cast<size_t>(j)] = ch;
          add<Shared>(mine[ch].avail, 1);
          ++have;
        }
        std::vector<int>& cand = w.candidates;
        cand.clear();  // moves not tried yet, one action for each
        for (int32_t i : w.distinct)
          if (w.child_of[static_cast<size_t>(i)] < 0) cand.push_back(i);
        int32_t next;
        size_t pick;
        // Progressive widening: a node visited v times grows to at most 2 + widen * sqrt(v) moves.
        bool grow = !cand.empty();
        if (grow && opt_.widen > 0) {
          // (The root's visits counted here are those before this iteration, as at any other node.)
          const int v = node == 0 ? root_visits : figures(node, false).visits - 1;
          grow = have == 0 || have < 2 + static_cast<int>(opt_.widen * std::sqrt(static_cast<double>(v)));
        }
        if (grow) {  // expand one move not tried yet: the policy's choice among them
          pick = opt_.guided ? guided_index(e, t, acts, cand, opt_.explore, w.rng, mastp, opt_.mast)
                             : static_cast<size_t>(cand[w.rng.below(cand.size())]);
          next = tree.make();
          if (next < 0) break;  // a shared tree full: play out from here
          view();
          Node& child = nodes[next];
          child.key = w.keys[pick];
          child.player = static_cast<int8_t>(who);
          mine[next].avail = 1;
          mine[next].visits = 1;
          if constexpr (Shared) {
            // Link the child in unless another worker has just added the same move; then go on
            // into that one (the node made here is left unused).
            std::atomic_ref<int32_t> first(nodes[node].first);
            int32_t seen = head, now = head;
            for (;;) {
              child.next = now;
              if (first.compare_exchange_weak(now, next, std::memory_order_release, std::memory_order_acquire)) break;
              int32_t twin = -1;
              for (int32_t ch = now; ch != seen && ch >= 0; ch = nodes[ch].next)
                if (nodes[ch].key == child.key) twin = ch;
              seen = now;
              if (twin >= 0) {
                add<Shared>(mine[twin].avail, 1);
                add<Shared>(mine[twin].visits, 1);
                next = twin;
                break;
              }
            }
          } else {
            child.next = nodes[node].first;
            nodes[node].first = next;
          }
          expanded = true;
        } else {  // UCB over the available children, with availability counts
          double best = -1;
          next = -1;
          int32_t first = -1;  // the first action of the child chosen
          const bool fresh = fresh_at(node);
          for (int32_t i : w.distinct) {
            const int32_t ch = w.child_of[static_cast<size_t>(i)];
            if (ch < 0) continue;  // not tried (widening holds it back)
            const Stat c = figures(ch, fresh);
            // (Every node is counted as visited when it is made: no division by zero.)
            const double u = c.visits == 0 ? 1e300 : c.wins / c.visits + opt_.c * std::sqrt(w.log(c.avail) / c.visits);
            if (u > best) best = u, next = ch, first = i;
          }
          add<Shared>(mine[next].visits, 1);
          cand.clear();
          for (int32_t j = first; j >= 0; j = w.same[static_cast<size_t>(j)]) cand.push_back(j);
          pick = static_cast<size_t>(cand[w.rng.below(cand.size())]);
        }
        if (mastp) w.moves.push_back(Mast::index(who, acts[pick]));
        e.apply_discarding(t, acts[pick], nullptr, !opt_.game);
        battle_over();
        node = next;
        w.path.push_back(node);
      }
      // The playout: to the end of the battle (or of the game).
      for (int steps = 0; e.to_act(t) >= 0 && steps < 2000; ++steps) {
        if (!opt_.game && t.b.battle != start_battle) break;
        e.legal(t, w.acts);
        if (opt_.guided) {
          w.all.resize(w.acts.size());
          for (size_t i = 0; i < w.acts.size(); ++i) w.all[i] = static_cast<int>(i);
        }
        const Action a = opt_.guided ? w.acts[guided_index(e, t, w.acts, w.all, opt_.explore, w.rng, mastp, opt_.mast)]
                                     : inside.choose(e, t, w.acts);
        if (mastp) w.moves.push_back(Mast::index(e.to_act(t), a));
        e.apply_discarding(t, a, &inside_answers, !opt_.game);
        battle_over();
      }
    } catch (const ScriptError& err) {
      // A script that fails in the search fails the game, as it would in play.
      throw ScriptError(std::string("during the computer's search: ") + err.what());
    }
    double reward;  // for `me`, 0 to 1
    if (t.b.phase == Phase::Over) {
      reward = t.b.winner == me ? 1.0 : 0.0;
    } else if (opt_.match && t.b.battle != start_battle) {
      // The change in the chance to win the game, scaled so that winning the battle outright
      // gives 1 and losing it 0, as the battle reward: a withdrawal's VP count for what they do
      // to the match.
      const int mine0 = start_score[me], theirs0 = start_score[1 - me];
      const double spread =
          std::max(chance(mine0 + rules.battle_vp, theirs0) - chance(mine0, theirs0 + rules.battle_vp), 1e-9);
      reward = std::clamp(0.5 + (chance(t.b.score[me], t.b.score[1 - me]) - chance(mine0, theirs0)) / spread, 0.0, 1.0);
    } else {
      const int swing = (t.b.score[me] - start_score[me]) - (t.b.score[1 - me] - start_score[1 - me]);
      reward = std::clamp(0.5 + 0.5 * swing / std::max(rules.battle_vp, 1), 0.0, 1.0);
    }
    const double battle = battle_won < 0 ? 0.5 : battle_won;
    for (uint32_t i : w.moves) w.mast.add(i, (i >> Mast::kBits) == static_cast<uint32_t>(me) ? reward : 1.0 - reward);
    for (size_t i = 1; i < w.path.size(); ++i) {  // (the visits were counted on the way down)
      const bool mover = nodes[w.path[i]].player == me;
      Stat& st = mine[w.path[i]];
      add<Shared>(st.wins, mover ? reward : 1.0 - reward);
      add<Shared>(st.battle_wins, mover ? battle : 1.0 - battle);
    }
  }
  w.iterations = it;
}

MctsAgent::MctsAgent(uint64_t seed, Options o) : rng_(seed), opt_(o) {}
MctsAgent::~MctsAgent() = default;

std::vector<Estimate> MctsAgent::rank(const InfoState& info) {
  const Engine& e = info.engine();
  if (opt_.match && chance_rules_ != &e.rules()) chance_ = win_chances(e.rules()), chance_rules_ = &e.rules();
  // The workers: the first uses the game's engine; the others twins of it, made once (none when
  // the engine has no twin: then one thread does all the work).
  const size_t threads = static_cast<size_t>(std::max(opt_.threads, 1));
  if (threads > 1 && twins_of_ != &e) {
    twins_.clear();
    twins_of_ = &e;
    for (size_t i = 1; i < threads; ++i)
      if (auto t = e.twin()) twins_.push_back(std::move(t));
  }
  workers_.resize(threads > 1 && twins_of_ == &e ? 1 + twins_.size() : 1);
  // Under a time budget the workers grow one tree; with a fixed number of iterations each grows
  // a tree of its own, so that the search is the same on every run.
  const bool shared = workers_.size() > 1 && opt_.time_ms > 0;
  if (shared) {
    if (!shared_) shared_ = std::make_unique<Tree>();
    // An iteration asks for one node at most (even one it then leaves unused), so this is room
    // for every iteration of the budget and of up to 2,000 a millisecond (two threads do 250 to
    // 1,100 today), 16 million at most: a full tree stops growing, its search goes on. Only the
    // nodes made are ever touched.
    const double room = std::min({static_cast<double>(opt_.iterations), opt_.time_ms * 2000, 16.0 * (1 << 20)});
    shared_->reset(workers_.size(), static_cast<int32_t>(room) + 2);
  }
  for (size_t i = 0; i < workers_.size(); ++i) {
    if (!workers_[i]) workers_[i] = std::make_unique<Worker>();
    Worker& w = *workers_[i];
    w.engine = i == 0 ? &e : twins_[i - 1].get();
    w.rng.seed(rng_.next());
    w.tree = shared ? shared_.get() : &w.own;
    w.slot = shared ? i : 0;
    if (!shared) w.own.reset(1, 0);
  }
  // The iterations are the whole search's: each worker does its share.
  const int share = static_cast<int>(std::max<long long>(1, opt_.iterations / static_cast<long long>(workers_.size())));
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(static_cast<long long>(opt_.time_ms * 1000));
  std::vector<std::exception_ptr> failed(workers_.size());
  std::vector<std::thread> pool;
  auto run = [&](size_t i) {
    try {
      if (shared) search<true>(*workers_[i], info, share, until);
      else search<false>(*workers_[i], info, share, until);
    } catch (...) {
      failed[i] = std::current_exception();
    }
  };
  for (size_t i = 1; i < workers_.size(); ++i) pool.emplace_back(run, i);
  run(0);
  for (std::thread& t : pool) t.join();
  for (const auto& f : failed)
    if (f) std::rethrow_exception(f);
  // The root's children of every tree (the one shared tree, or one a worker), summed by move.
  std::vector<Tree*> trees;
  for (const auto& w : workers_)
    if (std::find(trees.begin(), trees.end(), w->tree) == trees.end()) trees.push_back(w->tree);
  std::vector<Estimate> out;
  for (const Action& a : info.legal()) {
    Estimate est{a, info.text(a), 0.5, 0};
    const uint32_t key = info.key(a);
    double wins = 0, battle = 0;
    for (Tree* tree : trees)
      for (int32_t ch = (*tree)[0].first; ch >= 0; ch = (*tree)[ch].next)
        if ((*tree)[ch].key == key) {
          const Stat c = total(tree->stats, ch);  // (the workers are done)
          est.visits += c.visits, wins += c.wins, battle += c.battle_wins;
        }
    if (est.visits > 0) est.win = wins / est.visits, est.battle = battle / est.visits;
    out.push_back(est);
  }
  std::stable_sort(out.begin(), out.end(), [](const Estimate& x, const Estimate& y) {
    return x.visits != y.visits ? x.visits > y.visits : x.win > y.win;
  });
  last_iterations_ = 0;
  for (const auto& w : workers_) last_iterations_ += w->iterations;
  return out;
}

Action MctsAgent::decide(const InfoState& info) {
  if (info.legal().size() == 1) return info.legal()[0];
  std::vector<Estimate> ranked = rank(info);
  if (!opt_.draw) return ranked.front().action;
  long long total = 0;
  for (const Estimate& x : ranked) total += x.visits;
  if (total <= 0) return ranked.front().action;
  long long r = static_cast<long long>(rng_.below(static_cast<uint64_t>(total)));
  for (const Estimate& x : ranked)
    if ((r -= x.visits) < 0) return x.action;
  return ranked.front().action;
}

}  // namespace als
