// The information-set Monte Carlo tree search (mcts.h): its tree, its workers and one pass of an
// iteration (select, expand, a playout with MAST, the reward, backup), determinizations drawn
// for each iteration, the ranking of the root's actions and the decision. The rewards:
// rewards.cpp; beliefs about the opponent's hand: beliefs.cpp; exact endgames: endgame.cpp;
// what they share: playout.h.
#include "mcts.h"
#include "knowledge.h"

#include "observation.h"
#include "playout.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <deque>
#include <exception>
#include <limits>
#include <thread>

namespace als {

using namespace search;

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
    sum.game_wins += std::atomic_ref<double>(x.game_wins).load(std::memory_order_relaxed);
    sum.game_and_battle += std::atomic_ref<double>(x.game_and_battle).load(std::memory_order_relaxed);
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
  int mismatches = 0;  // ... that met a world whose re-run asked another question (counted even)
  std::string first_mismatch;  // the first one's message
  long long work = 0;        // the rules' Lua instructions its iterations ran (Engine::work)
  bool out_of_work = false;  // it stopped at its share of Options::work
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

// One worker's search on its tree, in named steps (as OpenSpiel's is_mcts.cc): each iteration
// draws a determinization, descends the tree (group the legal actions by key, mark the children
// available, expand a move not tried yet or select by UCB), plays out, and backs the reward up.
template <bool Shared>
class MctsAgent::Pass {
 public:
  Pass(const MctsAgent& a, Worker& w, const InfoState& info)
      : a_(a), opt_(a.opt_), w_(w), e_(*w.engine), me_(info.player()), tree_(*w.tree),
        target_(std::max(e_.rules().vp_target, 1)), inside_(w.rng.next()), inside_answers_(&inside_, &inside_) {
    view();
    w_.mast.clear();
    mastp_ = opt_.mast > 0 ? &w_.mast : nullptr;
  }
  /// One iteration on the determinization in w.state.
  void iterate();

 private:
  // The tree's shapes and this worker's figures (in a tree of its own, the only ones), looked up
  // again after a node is made (a tree of one worker may then move).
  void view() {
    nodes_ = tree_.nodes.data.get();
    mine_ = tree_.stats[w_.slot].data.get();
  }
  // A node's figures, all workers' together: in a shared tree this worker's own and the others'
  // as last read, read again when `fresh` or when none were seen yet.
  Stat figures(int32_t n, bool fresh) {
    if constexpr (!Shared) {
      (void)fresh;
      return mine_[n];
    } else {
      Stat& other = tree_.seen[w_.slot][n];
      if (fresh || other.visits == 0) other = total(tree_.stats, n, w_.slot);
      const Stat& own = mine_[n];
      return Stat{own.visits + other.visits, own.avail + other.avail, own.wins + other.wins,
                  own.battle_wins + other.battle_wins, own.game_wins + other.game_wins,
                  own.game_and_battle + other.game_and_battle};
    }
  }
  // Whether a node's children's figures are read again at this visit: when this worker has
  // visited it v times, at every step-th visit, step the largest power of two at most v / 16 (so
  // the others' figures are at most about a sixteenth behind), from 1 up to 128.
  bool fresh_at(int32_t n) const {
    if constexpr (!Shared) {
      (void)n;
      return false;
    } else {
      const auto v = static_cast<uint32_t>(mine_[n].visits);
      return v % std::clamp<uint32_t>(std::bit_floor(v) >> 4, 1, 128) == 0;
    }
  }
  // The chance of `me` winning the game at these scores.
  double chance(int mine, int theirs) const { return chance_at(*chances_, target_, mine, theirs); }
  // The slot of `slots` (mask + 1 of them) holding `key` (of the actions' `keys`), or the empty
  // one where it would go. Read through plain pointers: it is the descent's innermost loop.
  static int32_t& slot_of(int32_t* slots, const uint32_t* keys, size_t mask, uint32_t key) {
    size_t h = (key * 0x9E3779B1u) >> 7;
    for (;; ++h) {
      int32_t& sl = slots[h & mask];
      if (sl < 0 || keys[static_cast<size_t>(sl)] == key) return sl;
    }
  }
  // The steps of the descent run once a node an iteration: inlined into it, as one function's
  // parts (the search's hot loop; a call each costs about 1% of a search's instructions).
  [[gnu::always_inline]] inline void group_by_key(const State& t);
  [[gnu::always_inline]] inline int mark_available(int32_t head);
  [[gnu::always_inline]] inline bool may_grow(int32_t node, int have, int root_visits);
  [[gnu::always_inline]] inline int32_t expand(int32_t node, int32_t head, size_t pick, int who);
  [[gnu::always_inline]] inline int32_t select(int32_t node, size_t& pick);
  bool step(const State& t, Action& a);
  void descend(State& t, int root_visits);
  Action playout_choice(const State& t);
  void playout(State& t);
  // The questions asked inside the runs the descent starts are answered during those runs, as the
  // descent (or, once it has ended there, the playout) would answer them one apply at a time: the
  // ability is not run again from its start for each answer (Engine::ask; issue 51). The moves
  // and draws are those of applying each answer alone, so the search is the same.
  class Answers : public Chooser {
   public:
    explicit Answers(Pass& p) : p_(p) {}
    bool choose(const Engine& e, const State& s, const std::vector<Action>& legal, Action& out) override;
    enum Mode { kDescent, kFirstPlayout, kPlayout } mode = kDescent;

   private:
    Pass& p_;
  };
  friend class Answers;
  void battle_over(const State& t) {
    if (battle_won_ < 0 && t.b.last.number == start_battle_) battle_won_ = t.b.last.winner == me_;
  }
  [[gnu::always_inline]] inline double reward(const State& t) const;
  // What one iteration says of the battle and the game, for the hints' figures: the chance that
  // `me` wins the battle (1 or 0 once it is over), the game, and both; the chance that the other
  // player wins both.
  struct Outcome {
    double battle, game, both_me, both_other;
  };
  Outcome outcome(const State& t) const;
  [[gnu::always_inline]] inline void backup(double reward, const Outcome& o);

  const MctsAgent& a_;
  const Options& opt_;
  Worker& w_;
  const Engine& e_;
  const int me_;
  Tree& tree_;
  const int target_;
  Node* nodes_ = nullptr;
  Stat* mine_ = nullptr;
  const Mast* mastp_ = nullptr;
  RandomAgent inside_;
  SeatChooser inside_answers_;  // decisions inside abilities, during their runs
  Answers answers_{*this};      // the same inside the descent's runs
  int32_t node_ = 0;            // the descent's node
  int root_visits_ = 0;         // the root's visits before this iteration
  size_t mask_ = 15;            // w.slots has mask_ + 1 slots
  double valued_ = -1;          // this iteration's learned value, where the playout stopped for it (-1: none)
  double leaf_battle_ = -1;     // the same network's chance that `me` wins the battle (hints; -1: none)
  // This iteration's: the battle and scores it began at, and whether `me` won that battle
  // (1 won, 0 lost, -1 not over).
  // The VP of a battle won outright, the reward's unit: the rules' battle_vp, or, with a
  // battle_vp hook, what it gives either player for a battle decided at the root (mcts-v2: the
  // rules' battle_vp always). Set at the first iteration.
  int vp_scale_ = 0;
  // This battle can decide the game: either player is within the most VP a battle can give (won
  // outright or by the chart) of the target. Its reward is then the `match` reward, the change in
  // the chance to win the game after it (win_chance), not the VP swing: a battle won that leaves
  // the opponent one battle from the game is worth less than a withdrawal that keeps the game
  // alive may be. Set with vp_scale_ (never for mcts-v2, nor with the `match` reward, which
  // values every battle so).
  bool decides_ = false;
  // The race of battles the game chance reads (win_chance): the rules', or, with a battle_vp
  // hook, one whose battles give what the hook gives (set with vp_scale_).
  const std::vector<double>* chances_ = &a_.chance_;
  std::vector<double> hooked_chances_;
  uint32_t start_battle_ = 0;
  int32_t start_score_[2] = {0, 0};
  int battle_won_ = -1;
};

// The legal actions (w.acts) keyed as `me` sees them and grouped by key: w.keys, w.same (the
// next action with the same key), w.distinct (the first of each key) and the table w.slots of at
// least twice as many slots as actions. w.child_of is cleared.
template <bool Shared>
void MctsAgent::Pass<Shared>::group_by_key(const State& t) {
  const size_t n = w_.acts.size();
  w_.keys.resize(n);
  w_.child_of.assign(n, -1);
  for (size_t i = 0; i < n; ++i) w_.keys[i] = move_key(e_, t, w_.acts[i], me_);
  mask_ = 15;
  while (mask_ < 2 * n) mask_ = mask_ * 2 + 1;
  w_.slots.assign(mask_ + 1, -1);
  w_.same.resize(n);
  w_.distinct.clear();
  int32_t* const slots = w_.slots.data();
  int32_t* const same = w_.same.data();
  const uint32_t* const keys = w_.keys.data();
  for (size_t i = 0; i < n; ++i) {
    int32_t& sl = slot_of(slots, keys, mask_, keys[i]);
    same[i] = -1;
    if (sl < 0) {
      sl = static_cast<int32_t>(i);
      w_.distinct.push_back(static_cast<int32_t>(i));
    } else {  // after the last action with the key
      int32_t j = sl;
      while (same[static_cast<size_t>(j)] >= 0) j = same[static_cast<size_t>(j)];
      same[static_cast<size_t>(j)] = static_cast<int32_t>(i);
    }
  }
}

// Availability: every child (from `head`) whose move exists in this determinization gets its
// actions in w.child_of and one more availability. Returns how many children are available.
template <bool Shared>
int MctsAgent::Pass<Shared>::mark_available(int32_t head) {
  int have = 0;
  int32_t* const slots = w_.slots.data();
  const int32_t* const same = w_.same.data();
  const uint32_t* const keys = w_.keys.data();
  int32_t* const child_of = w_.child_of.data();
  const size_t mask = mask_;
  for (int32_t ch = head; ch >= 0; ch = nodes_[ch].next) {
    const int32_t first = slot_of(slots, keys, mask, nodes_[ch].key);
    if (first < 0) continue;
    for (int32_t j = first; j >= 0; j = same[static_cast<size_t>(j)]) child_of[static_cast<size_t>(j)] = ch;
    add<Shared>(mine_[ch].avail, 1);
    ++have;
  }
  return have;
}

// Progressive widening: a node visited v times grows to at most 2 + widen * sqrt(v) moves.
template <bool Shared>
bool MctsAgent::Pass<Shared>::may_grow(int32_t node, int have, int root_visits) {
  if (opt_.widen <= 0) return true;
  // (The root's visits counted here are those before this iteration, as at any other node.)
  const int v = node == 0 ? root_visits : figures(node, false).visits - 1;
  return have == 0 || have < 2 + static_cast<int>(opt_.widen * std::sqrt(static_cast<double>(v)));
}

// A new child of `node` for action `pick` of player `who`: the node entered (in a shared tree,
// another worker's twin of it if that one linked the same move first), or -1 if the tree is full.
template <bool Shared>
int32_t MctsAgent::Pass<Shared>::expand(int32_t node, int32_t head, size_t pick, int who) {
  int32_t next = tree_.make();
  if (next < 0) return -1;
  view();
  Node& child = nodes_[next];
  child.key = w_.keys[pick];
  child.player = static_cast<int8_t>(who);
  mine_[next].avail = 1;
  mine_[next].visits = 1;
  if constexpr (Shared) {
    // Link the child in unless another worker has just added the same move; then go on into
    // that one (the node made here is left unused).
    std::atomic_ref<int32_t> first(nodes_[node].first);
    int32_t seen = head, now = head;
    for (;;) {
      child.next = now;
      if (first.compare_exchange_weak(now, next, std::memory_order_release, std::memory_order_acquire)) break;
      int32_t twin = -1;
      for (int32_t ch = now; ch != seen && ch >= 0; ch = nodes_[ch].next)
        if (nodes_[ch].key == child.key) twin = ch;
      seen = now;
      if (twin >= 0) {
        add<Shared>(mine_[twin].avail, 1);
        add<Shared>(mine_[twin].visits, 1);
        return twin;
      }
    }
  } else {
    (void)head;
    child.next = nodes_[node].first;
    nodes_[node].first = next;
  }
  return next;
}

// UCB over the available children, with availability counts: the child entered (its visit
// counted), and in `pick` one of its actions, drawn among those with its key.
template <bool Shared>
int32_t MctsAgent::Pass<Shared>::select(int32_t node, size_t& pick) {
  double best = -1;
  int32_t next = -1;
  int32_t first = -1;  // the first action of the child chosen
  const bool fresh = fresh_at(node);
  for (int32_t i : w_.distinct) {
    const int32_t ch = w_.child_of[static_cast<size_t>(i)];
    if (ch < 0) continue;  // not tried (widening holds it back)
    const Stat c = figures(ch, fresh);
    // (Every node is counted as visited when it is made: no division by zero.)
    const double u = c.visits == 0 ? 1e300 : c.wins / c.visits + opt_.c * std::sqrt(w_.log(c.avail) / c.visits);
    if (u > best) best = u, next = ch, first = i;
  }
  add<Shared>(mine_[next].visits, 1);
  std::vector<int>& cand = w_.candidates;
  cand.clear();
  for (int32_t j = first; j >= 0; j = w_.same[static_cast<size_t>(j)]) cand.push_back(j);
  pick = static_cast<size_t>(cand[w_.rng.below(cand.size())]);
  return next;
}

// One step down the tree from node_ at `t`, among its legal actions w.acts: expand a move not
// tried yet (and end the descent there: answers_ turns to the playout) or select one by UCB; `a`
// is the action chosen, and node_ and w.path follow it. False where a shared tree is full
// (nothing chosen: the playout goes on from here).
template <bool Shared>
bool MctsAgent::Pass<Shared>::step(const State& t, Action& a) {
  const int who = e_.to_act(t);
  group_by_key(t);
  if (node_ == 0 && !a_.root_moves_.empty()) [[unlikely]] {  // set_root_moves: the root's moves kept
    auto kept = [&](int32_t i) {
      return std::find(a_.root_moves_.begin(), a_.root_moves_.end(), w_.keys[static_cast<size_t>(i)]) != a_.root_moves_.end();
    };
    // (A world where none of them is legal keeps every move: a descent needs one.)
    if (std::any_of(w_.distinct.begin(), w_.distinct.end(), kept))
      std::erase_if(w_.distinct, [&](int32_t i) { return !kept(i); });
  }
  const int32_t head = first_child<Shared>(nodes_[node_].first);  // the children this visit sees
  const int have = mark_available(head);
  std::vector<int>& cand = w_.candidates;
  cand.clear();  // moves not tried yet, one action for each
  for (int32_t i : w_.distinct)
    if (w_.child_of[static_cast<size_t>(i)] < 0) cand.push_back(i);
  int32_t next;
  size_t pick;
  const bool grow = !cand.empty() && may_grow(node_, have, root_visits_);
  if (grow) {  // expand one move not tried yet: the policy's choice among them
    pick = opt_.guided ? guided_index(e_, t, w_.acts, cand, opt_.explore, w_.rng, mastp_, opt_.mast, opt_.v2)
                       : static_cast<size_t>(cand[w_.rng.below(cand.size())]);
    next = expand(node_, head, pick, who);
    if (next < 0) return false;  // a shared tree full: play out from here
  } else {
    next = select(node_, pick);
  }
  if (mastp_) w_.moves.push_back(Mast::index(who, w_.acts[pick]));
  a = w_.acts[pick];
  node_ = next;
  w_.path.push_back(node_);
  if (grow) answers_.mode = Answers::kFirstPlayout;
  return true;
}

// Down the tree from the root, applying the moves, until a node is expanded, the tree is full,
// or the battle (the game) ends; the nodes passed go to w.path.
template <bool Shared>
void MctsAgent::Pass<Shared>::descend(State& t, int root_visits) {
  node_ = 0, root_visits_ = root_visits;
  answers_.mode = Answers::kDescent;
  while (answers_.mode == Answers::kDescent && e_.to_act(t) >= 0) {
    if (!opt_.game && t.b.battle != start_battle_) break;
    e_.legal(t, w_.acts);
    Action a;
    if (!step(t, a)) break;
    e_.apply_discarding(t, a, opt_.answer_in_runs ? &answers_ : nullptr, !opt_.game);  // (a copy: answers_ fills w.acts)
    battle_over(t);
  }
}

// A question inside a run the descent started: the descent's next step while it lasts; then the
// playout's first choice (none with a learned value, which values the position the question is
// asked in: the run stops there, as it would without this); then the playout's answers inside
// runs. Declined once the battle the search is in has ended (nothing of it is played).
template <bool Shared>
bool MctsAgent::Pass<Shared>::Answers::choose(const Engine& e, const State& s, const std::vector<Action>& legal, Action& out) {
  Pass& p = p_;
  if (!p.opt_.game && s.b.battle != p.start_battle_) return false;
  if (mode == kPlayout) return p.inside_answers_.choose(e, s, legal, out);
  if (&legal != &p.w_.acts) p.w_.acts = legal;
  if (mode == kDescent && p.step(s, out)) return true;
  mode = kFirstPlayout;  // (a shared tree full: the playout's choice here)
  if (p.a_.leaf_net_) return false;
  out = p.playout_choice(s);
  mode = kPlayout;
  return true;
}

// The playout's choice at `t` among its legal actions w.acts (guided or uniform), counted for MAST.
template <bool Shared>
Action MctsAgent::Pass<Shared>::playout_choice(const State& t) {
  if (opt_.guided) {
    w_.all.resize(w_.acts.size());
    for (size_t i = 0; i < w_.acts.size(); ++i) w_.all[i] = static_cast<int>(i);
  }
  const Action a = opt_.guided ? w_.acts[guided_index(e_, t, w_.acts, w_.all, opt_.explore, w_.rng, mastp_, opt_.mast, opt_.v2)]
                               : inside_.choose(e_, t, w_.acts);
  if (mastp_) w_.moves.push_back(Mast::index(e_.to_act(t), a));
  return a;
}

// The playout: to the end of the battle (or of the game).
template <bool Shared>
void MctsAgent::Pass<Shared>::playout(State& t) {
  valued_ = leaf_battle_ = -1;
  for (int steps = 0; e_.to_act(t) >= 0 && steps < 2000; ++steps) {
    if (!opt_.game && t.b.battle != start_battle_) break;
    if (a_.leaf_net_ && steps >= opt_.cutoff) {
      // The learned value of the battle, as the player to act knows it in this world: the network
      // was trained on positions of the player to act only (the observation says whose turn it
      // is). A battle has one winner, and the reward of a battle is 1 less the other player's.
      const int actor = e_.to_act(t);
      thread_local std::vector<float> obs;
      obs.resize(static_cast<size_t>(als::observation_tensor_size(e_)));
      als::observation_tensor(e_, t, actor, obs.data());
      thread_local std::vector<float> value;
      a_.leaf_net_->evaluate(obs.data(), value);
      const double reward = std::clamp(static_cast<double>(value[value.size() >= 3 ? 2 : 0]), 0.0, 1.0),
                   battle = std::clamp(static_cast<double>(value[0]), 0.0, 1.0);
      valued_ = actor == me_ ? reward : 1.0 - reward;
      leaf_battle_ = actor == me_ ? battle : 1.0 - battle;  // (the hint's figures)
      return;
    }
    e_.legal(t, w_.acts);
    const Action a = playout_choice(t);
    e_.apply_discarding(t, a, &inside_answers_, !opt_.game);
    battle_over(t);
  }
}

// The iteration's reward for `me`, 0 to 1.
template <bool Shared>
double MctsAgent::Pass<Shared>::reward(const State& t) const {
  if (valued_ >= 0) return valued_;
  if (t.b.phase == Phase::Over) return t.b.winner == me_ ? 1.0 : 0.0;
  return battle_end_reward(*chances_, target_, vp_scale_, (opt_.match || decides_) && t.b.battle != start_battle_,
                           start_score_[me_], start_score_[1 - me_], t.b.score[me_], t.b.score[1 - me_]);
}

// The iteration's outcome at its end `t`. Where the playout stopped for the learned value, its
// battle chance b, and the game by the race from the scores either result of the battle leaves
// (a battle won outright): so where winning the battle wins the game, the game's chance is b.
template <bool Shared>
typename MctsAgent::Pass<Shared>::Outcome MctsAgent::Pass<Shared>::outcome(const State& t) const {
  const int mine = t.b.score[me_], theirs = t.b.score[1 - me_];
  if (leaf_battle_ >= 0) {
    const double b = leaf_battle_, won = chance(mine + vp_scale_, theirs), lost = chance(mine, theirs + vp_scale_);
    return {b, b * won + (1 - b) * lost, b * won, (1 - b) * (1 - lost)};
  }
  const double battle = battle_won_ < 0 ? 0.5 : battle_won_;
  const double game = t.b.phase == Phase::Over ? (t.b.winner == me_ ? 1.0 : 0.0) : chance(mine, theirs);
  return {battle, game, game * battle, (1 - game) * (1 - battle)};
}

// The reward to MAST's moves and up the path (the visits were counted on the way down), with
// the iteration's outcome (hints).
template <bool Shared>
void MctsAgent::Pass<Shared>::backup(double reward, const Outcome& o) {
  for (uint32_t i : w_.moves) w_.mast.add(i, (i >> Mast::kBits) == static_cast<uint32_t>(me_) ? reward : 1.0 - reward);
  for (size_t i = 1; i < w_.path.size(); ++i) {
    const bool mover = nodes_[w_.path[i]].player == me_;
    Stat& st = mine_[w_.path[i]];
    add<Shared>(st.wins, mover ? reward : 1.0 - reward);
    add<Shared>(st.battle_wins, mover ? o.battle : 1.0 - o.battle);
    add<Shared>(st.game_wins, mover ? o.game : 1.0 - o.game);
    add<Shared>(st.game_and_battle, mover ? o.both_me : o.both_other);
  }
}

template <bool Shared>
void MctsAgent::Pass<Shared>::iterate() {
  State& t = w_.state;
  start_battle_ = t.b.battle;
  start_score_[0] = t.b.score[0], start_score_[1] = t.b.score[1];
  // The root's visits before this iteration: the iterations of every worker begun so far.
  const int root_visits = figures(0, fresh_at(0)).visits;
  add<Shared>(mine_[0].visits, 1);
  w_.path.assign(1, 0);
  w_.moves.clear();
  battle_won_ = -1;
  try {
    if (vp_scale_ == 0) {
      RewardScale scale = reward_scale(e_, t, me_, opt_.v2, opt_.match);
      vp_scale_ = scale.vp, decides_ = scale.decides;
      if (!scale.hooked.empty()) hooked_chances_ = std::move(scale.hooked), chances_ = &hooked_chances_;
    }
    descend(t, root_visits);
    playout(t);
  } catch (const RerunMismatch& err) {
    // The world's hidden cards would not have asked the question the player saw (a script
    // reading them, unchecked by the sampler): the iteration counts as even, the game goes on.
    if (!w_.mismatches++) w_.first_mismatch = err.what();
    backup(0.5, Outcome{0.5, 0.5, 0.25, 0.25});
    return;
  } catch (const ScriptError& err) {
    search_failed(err);
  }
  backup(reward(t), outcome(t));
}

void MctsAgent::draw_world(const Engine::Sampler& sampler, State& out, Rng& rng) const {
  if (belief_.worlds.empty()) return sampler.draw(out, rng);
  const double u = rng.unit() * belief_.upto.back();  // a world of the beliefs, drawn by its weight
  const size_t k = static_cast<size_t>(std::upper_bound(belief_.upto.begin(), belief_.upto.end(), u) - belief_.upto.begin());
  if (!sampler.redraw(belief_.worlds[std::min(k, belief_.worlds.size() - 1)], out, rng)) sampler.draw(out, rng);
}

template <bool Shared>
void MctsAgent::search(Worker& w, const InfoState& info, const Budget& budget, int iterations,
                       std::chrono::steady_clock::time_point until) {
  Pass<Shared> pass(*this, w, info);
  Engine::Sampler sampler = info.sampler(*w.engine);
  // The rules' work this worker may make (its share of Options::work): read between iterations.
  w.engine->restart_work();
  const long long work_from = w.engine->work(), work_share = budget.work / std::max<long long>(1, static_cast<long long>(workers_.size()));
  int it = 0;
  w.out_of_work = false;
  long long work_seen = work_from;  // (under a time budget the clock is read after any iteration that ran scripts)
  for (; it < iterations; ++it) {
    if (budget.time_ms > 0 && it > 0) {
      const long long now_work = w.engine->work();
      if ((it % 8 == 0 || now_work != work_seen) && std::chrono::steady_clock::now() >= until) break;
      work_seen = now_work;
    } else if (budget.work > 0 && it > 0 && w.engine->work() - work_from > work_share) {
      w.out_of_work = true;
      break;
    }
    draw_world(sampler, w.state, w.rng);
    const int mismatches = w.mismatches;
    pass.iterate();
    if (w.mismatches != mismatches) sampler.check_worlds();  // from now on every world is checked
  }
  w.iterations = it;
  w.work = w.engine->work() - work_from;
}

MctsAgent::MctsAgent(uint64_t seed, Options o) : rng_(seed), opt_(o) {
  if (opt_.value == "standard") net_ = ValueNet::standard();
  else if (!opt_.value.empty()) net_ = std::make_shared<const ValueNet>(ValueNet::load(opt_.value));
}

MctsAgent::~MctsAgent() = default;

namespace {
// Whether a learned value reads `e`'s game: its observation, and the game it was trained for if it
// names one (a network is used for that game only).
bool value_reads(const ValueNet* net, const Engine& e) {
  return net && net->inputs() == als::observation_tensor_size(e) && net->outputs() >= 1 &&
         (net->game().empty() || net->game() == e.content_hash());
}
// The network a search with Options::value `value` (loaded: `net`) uses in `e`'s game: for the
// default ("standard"), the one trained for this game (ValueNet::for_game: the values folder's,
// which als train writes, else the built-in where it names this game); else `net` where it reads
// the game; null where none does. (for_game's
// networks live as long as the process.)
const ValueNet* value_for(const std::string& value, const ValueNet* net, const Engine& e) {
  if (value == "standard")  // (the values folder's first: a value als train made for this game, the standard one too)
    if (const auto found = ValueNet::for_game(e.content_hash()); value_reads(found.get(), e)) return found.get();
  return value_reads(net, e) ? net : nullptr;
}
// The command that trains a value for `e`'s game: "als train SET+RULE+...".
std::string train_command(const Engine& e) {
  std::string variant = e.set().name;
  for (const std::string& r : e.rule_names()) variant += "+" + r;
  return "als train " + variant;
}
}  // namespace

std::string value_misfit(const std::string& value, const ValueNet& net, const Engine& e) {
  const bool builtin = value == "standard";
  const std::string which = builtin ? "the built-in learned value" : "the value network (" + value + ")";
  const std::string why = net.inputs() != als::observation_tensor_size(e)
                              ? " reads " + std::to_string(net.inputs()) + " inputs, this game's observation has " +
                                    std::to_string(als::observation_tensor_size(e))
                              : std::string(builtin ? " is trained for the standard set only" : " was trained for another game") +
                                    " (content hash " + net.game() + ", this game's " + e.content_hash() +
                                    ": another set, a house rule or an edited script)";
  return which + why + ": the computer searched by playouts, a weaker player. A value for this game: " + train_command(e) +
         (builtin ? " (found then in the values folder, " + (ValueNet::values_dir().empty() ? std::string("$ALS_VALUES") : ValueNet::values_dir()) + ")"
                  : ", then mcts:value=FILE") +
         " (docs/agents.md, \"A learned value\")";
}

std::string MctsAgent::evaluation(const Engine& e) const { return value_for(opt_.value, net_.get(), e) ? "learned value" : "playouts"; }

std::string MctsAgent::value_recipe(const Engine& e) const {
  const ValueNet* net = value_for(opt_.value, net_.get(), e);
  if (!net) return "";
  if (net == ValueNet::standard().get()) return "the built-in network";
  return net->recipe().empty() ? "a file without a recipe" : net->recipe();
}

std::vector<Estimate> MctsAgent::rank(const InfoState& info) { return ranked(info, Budget{opt_.iterations, opt_.time_ms, opt_.work}, false); }

std::vector<Estimate> MctsAgent::ranked(const InfoState& info, const Budget& budget, bool extending) {
  const Engine& e = info.engine();
  if (chance_rules_ != &e.rules()) chance_ = win_chances(e.rules()), chance_rules_ = &e.rules();
  // A learned value that reads this card set's observation (else the playouts go on to the end).
  // (A network that names the game it was trained for is used for that game only.)
  leaf_net_ = value_for(opt_.value, net_.get(), e);
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
  const bool shared = workers_.size() > 1 && budget.time_ms > 0;
  if (shared && !extending) {
    if (!shared_) shared_ = std::make_unique<Tree>();
    // An iteration asks for one node at most (even one it then leaves unused), so this is room
    // for every iteration of the budget and of up to 2,000 a millisecond (two threads do 250 to
    // 1,100 today), 16 million at most: a full tree stops growing, its search goes on. Only the
    // nodes made are ever touched.
    const double room = std::min({static_cast<double>(budget.iterations), budget.time_ms * 2000, 16.0 * (1 << 20)});
    shared_->reset(workers_.size(), static_cast<int32_t>(room) + 2);
  }
  for (size_t i = 0; i < workers_.size(); ++i) {
    if (!workers_[i]) workers_[i] = std::make_unique<Worker>();
    Worker& w = *workers_[i];
    w.engine = i == 0 ? &e : twins_[i - 1].get();
    w.rng.seed(rng_.next());
    w.tree = shared ? shared_.get() : &w.own;
    w.slot = shared ? i : 0;
    if (!shared && !extending) w.own.reset(1, 0);  // (an extension goes on growing the trees it has)
  }
  // The iterations are the whole search's: each worker does its share.
  const int share = static_cast<int>(std::max<long long>(1, budget.iterations / static_cast<long long>(workers_.size())));
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(static_cast<long long>(budget.time_ms * 1000));
  if (!extending) believe(info);  // (within the time budget)
  std::vector<std::exception_ptr> failed(workers_.size());
  std::vector<std::thread> pool;
  auto run = [&](size_t i) {
    try {
      if (shared) search<true>(*workers_[i], info, budget, share, until);
      else search<false>(*workers_[i], info, budget, share, until);
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
    double wins = 0, battle = 0, game = 0, both = 0;
    for (Tree* tree : trees)
      for (int32_t ch = (*tree)[0].first; ch >= 0; ch = (*tree)[ch].next)
        if ((*tree)[ch].key == key) {
          const Stat c = total(tree->stats, ch);  // (the workers are done)
          est.visits += c.visits, wins += c.wins, battle += c.battle_wins, game += c.game_wins, both += c.game_and_battle;
        }
    if (est.visits > 0) {
      est.win = wins / est.visits, est.battle = battle / est.visits, est.game = game / est.visits;
      // The game chance where the battle is won, and where it is lost (the share of none: the race's 0.5).
      est.game_if_won = battle > 1e-9 ? both / battle : est.game;
      est.game_if_lost = est.visits - battle > 1e-9 ? (game - both) / (est.visits - battle) : est.game;
    }
    out.push_back(est);
  }
  std::stable_sort(out.begin(), out.end(), [](const Estimate& x, const Estimate& y) {
    return x.visits != y.visits ? x.visits > y.visits : x.win > y.win;
  });
  last_iterations_ = 0;
  long long work = 0;
  bool out_of_work = false;
  for (const auto& w : workers_) {
    last_iterations_ += w->iterations, work += w->work, out_of_work |= w->out_of_work;
    if (w->mismatches && first_mismatch_.empty()) first_mismatch_ = w->first_mismatch;
    mismatches_ += w->mismatches;
    w->mismatches = 0;
  }
  note_.clear();
  if (out_of_work)
    note_ = "the computer stopped its search after " + std::to_string(last_iterations_) + " of " +
            std::to_string(budget.iterations) + " iterations: the rules' scripts ran " + std::to_string(work) +
            " Lua instructions for this move (its budget: work=" + std::to_string(budget.work) +
            "), too slow for the search to look further";
  else if (net_ && !leaf_net_)  // the built-in value too: a game it does not fit is played weaker, and said so
    note_ = value_misfit(opt_.value, *net_, e);
  return out;
}

namespace {
// Whether a search's choice is close: the two most tried actions within 70% of each other's
// visits, or either a withdrawal (`ranked`: most tried first).
bool close_call(const std::vector<Estimate>& ranked) {
  if (ranked.size() < 2) return false;
  return ranked[1].visits >= 0.7 * ranked[0].visits || ranked[0].action.type == Action::Withdraw ||
         ranked[1].action.type == Action::Withdraw;
}
}  // namespace

Action MctsAgent::decide(const InfoState& info) {
  if (info.legal().size() == 1) return info.legal()[0];
  Budget budget{opt_.iterations, opt_.time_ms, opt_.work};
  if (opt_.endgame > 0) {  // a battle's last cards: solved, where the budget allows
    const auto t0 = std::chrono::steady_clock::now();
    const std::vector<Estimate> solved = endgame(info);
    if (!solved.empty()) {
      last_extended_ = false, last_iterations_ = 0, note_.clear();
      return solved.front().action;
    }
    // A solution that ran out of its budget leaves the search the time and the work it did not use
    // (its iterations stay whole: a solution that finished no world spent at most their worth).
    const double spent_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (budget.time_ms > 0) budget.time_ms = std::max(1.0, budget.time_ms - spent_ms);
    if (budget.work > 0) budget.work = std::max(1LL, budget.work - last_endgame_work_);
  }
  std::vector<Estimate> order = ranked(info, budget, false);
  last_extended_ = false;
  if (opt_.adapt > 0 && close_call(order)) {  // a close call: look again, longer
    const long long before = last_iterations_;
    // The same trees, grown further: their root's figures hold both looks.
    order = ranked(info,
                   Budget{static_cast<int>(std::clamp(opt_.iterations * opt_.adapt, 1.0, 1e9)), opt_.time_ms * opt_.adapt,
                          static_cast<long long>(static_cast<double>(opt_.work) * opt_.adapt)},
                   true);
    last_iterations_ += before;
    last_extended_ = true;
  }
  if (!opt_.draw) return order.front().action;
  long long total = 0;
  for (const Estimate& x : order) total += x.visits;
  if (total <= 0) return order.front().action;
  long long r = static_cast<long long>(rng_.below(static_cast<uint64_t>(total)));
  for (const Estimate& x : order)
    if ((r -= x.visits) < 0) return x.action;
  return order.front().action;
}

}  // namespace als
