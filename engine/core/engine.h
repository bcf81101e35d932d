// The rules engine: one card set with its rules and its scripts, and the functions that play a
// game held in a State value. The Engine itself holds no game: any number of States can be
// played with one Engine (one thread at a time: its scripts' Lua state is not shared).
//
// Engine keeps what the rules need (engine.cpp: the board, strength, control, legal actions,
// battles; resolve.cpp: abilities due, re-running from a snapshot, triggers, hooks, turns and
// battles; sample.cpp: determinizations). Beside it, each in a type of its own: what the verbs
// do (ops.h, verbs.cpp), the texts (texts.h, text.cpp), the names scripts give (interned.h,
// names.cpp), the digest (digest.h) and what a seat sees (projection.h). The renderers of a
// seat's view and its tensors are a layer above (engine/present). The Lua side (script/:
// binding.cpp, runtime.cpp, loader.cpp) implements Scripts.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "abilities.h"
#include "cardset.h"
#include "chance.h"
#include "digest.h"
#include "errors.h"
#include "events.h"
#include "interned.h"
#include "knowledge.h"
#include "ops.h"
#include "projection.h"
#include "state.h"
#include "texts.h"

namespace als {

/// A game's result as everyone may know it: whether it is over, its winner (0 or 1; -1 while it
/// goes on) and both players' VP.
struct GameResult {
  bool over = false;
  int winner = -1;
  int score[2] = {0, 0};
  std::string reason;  // the reason a game_over hook ended the game with (API 4), or ""
};

/// Answers the decisions abilities ask while they run (Engine::apply's `ask`), so that the
/// ability goes on in the same run instead of stopping and being re-run from its snapshot when
/// the answer comes: the game is the same as answering them one by one with apply(). It is called
/// from inside a script's run, with the state as it stands at the question (a whole State,
/// copyable): it may read it (build an InfoState, draw from its own generator) but must not apply
/// actions or run scripts on this engine (that is refused with an error).
class Chooser {
 public:
  virtual ~Chooser() = default;
  /// Sets `out` to one of `legal` (the decision's options) and returns true, or returns false to
  /// leave this decision to the caller (the ability stops there, as without a chooser).
  virtual bool choose(const Engine& e, const State& s, const std::vector<Action>& legal, Action& out) = 0;
};

/// Where the card an event is about was just before it (Engine::fire): if it was faceup on the
/// board, the event's trigger reaches it too, in its place then (`key`: its board_key).
struct Before {
  bool faceup = false;
  uint64_t key = 0;
};

class Engine {
 public:
  /// An engine for a card set and its final rules (house rules applied), with the scripts that
  /// run its abilities (a loader makes all three: script/loader.h `load_engine`). `rule_names`
  /// and `content_hash` are carried for records. Derives the masks and sort keys the hot path
  /// reads, then hands itself to `scripts` (Scripts::attach). Throws LoadError if the set breaks
  /// the core's limits (theaters, cards, hand size, a card type that names no theater).
  Engine(CardSet set, Rules rules, std::vector<std::string> rule_names, std::string content_hash,
         std::unique_ptr<Scripts> scripts);
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;
  ~Engine();

  const CardSet& set() const { return set_; }
  const Rules& rules() const { return rules_; }
  /// Lua instructions this engine's scripts have run since it was loaded (Scripts::work): the
  /// rules' work, deterministic, for a search's budget. 0 for a set without scripts.
  long long work() const { return scripts_ ? scripts_->work() : 0; }
  /// Restarts the count's period (Scripts::restart_work): the work counted from here on is the
  /// same on every run of the same search, whatever this engine ran before.
  void restart_work() const {
    if (scripts_) scripts_->restart_work();
  }
  const std::vector<std::string>& rule_names() const { return rule_names_; }
  /// XXH64 of every file the set and rules were loaded from, as 16 hex digits (game records).
  const std::string& content_hash() const { return hash_; }
  /// The texts of this engine's games (texts.h): actions, options, cards, events and messages
  /// as a seat may read them, cards by their ids (machine texts) or, with Naming::Names, by their
  /// display names (what a person reads).
  Texts text(Naming naming = Naming::Ids) const { return Texts(*this, naming); }
  /// What each verb does to a game (ops.h), for the binding and scenario set-ups.
  Ops ops() const { return Ops(*this); }
  /// The names scripts gave this engine's games, one table a game (interned.h).
  Interned interned() const { return Interned(*names_); }
  /// Another engine for the same card set and rules, with scripts of its own, for another thread
  /// (a search's second thread: an engine runs scripts in one thread only). Made by the function
  /// the loader set (set_twin_maker); nullptr when there is none or the files changed since
  /// (content_hash). It shares this engine's table of names (intern), so a state means the same
  /// to both. Call it from the thread that uses this engine. Throws LoadError.
  std::shared_ptr<Engine> twin() const;
  void set_twin_maker(std::function<std::shared_ptr<Engine>()> make) { twin_maker_ = std::move(make); }

  /// A new game dealt for battle 1 from `seed` (ruling 2), its battle_start and first
  /// turn_start abilities resolved up to the first decision. What happened up to there (the
  /// BattleStart event, what the hooks and triggers did and logged) goes to `log` if given, as
  /// every later battle's opening goes to the log of the action that ended the battle before.
  /// Throws ScriptError.
  /// `names`: the game's table of names (game_names().id()), 0 for the engine's own.
  State new_game(uint64_t seed, EventLog* log = nullptr, uint32_t names = 0) const;
  /// The same into `s` (any valid state, overwritten): no whole State is built or copied.
  void new_game(State& s, uint64_t seed, EventLog* log = nullptr, uint32_t names = 0) const;
  /// An empty table position (all cards in the deck, set order) for scenario set-ups.
  State blank() const;
  /// Chance nodes (chance.h): while `tape` is set, every random draw of the rules (the theater
  /// order, the 1st player, the deal a card at a time) and every math.random(m, n) of a running
  /// ability takes its outcome from the tape; a draw past its end records what it needs and
  /// stops the run (ChanceStop outside Lua, a script error inside). nullptr (the default) draws
  /// from the game's generator. The engine is the caller's alone while a tape is set.
  void set_chance_tape(ChanceTape* tape) const { chance_ = tape; }
  ChanceTape* chance_tape() const { return chance_; }

  // ---- playing -------------------------------------------------------------------------
  /// Appends every legal action now to `out` (cleared first), in canonical order
  /// (not sorted by text). Empty once the game is over. May run ongoing functions (ScriptError).
  void legal(const State& s, std::vector<Action>& out) const;
  bool is_legal(const State& s, const Action& a) const;
  /// The turn actions the rules' turn_actions hooks offer the player whose turn it is in `s`
  /// (API 5; docs/modding.md, "Turn actions"), their texts written to `texts` (room for
  /// kMaxTurnActions, may be null); returns how many (0 without the hook, at a decision, or
  /// once the game is over). Legal as Action{Action::Rule, .option = k}. May throw ScriptError.
  int turn_actions(const State& s, std::string* texts) const;
  /// Applies a legal action and resolves everything it causes, up to the next decision.
  /// Throws IllegalAction or ScriptError, leaving `s` exactly as it was. With `ask`, decisions
  /// asked by abilities are answered by it as they come (Chooser), so this returns at a turn, at
  /// a decision `ask` declined, or at the end of the game.
  void apply(State& s, const Action& a, EventLog* log = nullptr, Chooser* ask = nullptr) const;
  /// A player concedes the game (a program playing a seat crashed, ran out of time or answered
  /// illegally: docs/python.md, "Agents written elsewhere"): the game ends at once, wherever it
  /// stood, won by the opponent whatever the score, with `reason` (at most 40 printable
  /// characters) as its end's reason (GameResult::reason, the GameEnd line, records). Nothing
  /// happens if it is over already.
  void forfeit(State& s, int loser, std::string_view reason, EventLog* log = nullptr) const;
  /// The same for a state the caller discards if a script fails (a search's look-ahead): no
  /// backup is taken, and after an error `s` is left partway (not to be played on). Throws as
  /// apply does. With `stop_at_battle_end`, it also returns as soon as a battle is scored, before
  /// the next is dealt (a look-ahead that ends with the battle): then `s.b.score`, `s.b.last`,
  /// `s.b.phase` and `s.b.battle` (the next battle's number) are final and the rest is not to be
  /// played on.
  void apply_discarding(State& s, const Action& a, Chooser* ask = nullptr, bool stop_at_battle_end = false) const;
  // ---- reading ---------------------------------------------------------------------------
  /// The player to decide: 0 or 1; -1 once the game is over.
  int to_act(const State& s) const {
    if (s.b.phase == Phase::Over) return -1;
    return s.r.active ? s.r.pending.player : s.b.turn;
  }
  DecisionKind decision_kind(const State& s) const { return s.r.active ? s.r.pending.kind : DecisionKind::Turn; }
  int strength(const State& s, int player, int theater) const;  // total, Support included
  int card_strength(const State& s, int card) const;            // a card on the board
  int controller(const State& s, int theater) const;            // 0 or 1 (ties: 1st player)
  /// Who controls a theater where player 1's total is s0 and player 2's s1: 0 or 1, ties to
  /// `first` (the 1st player; ruling 5).
  static int control(int s0, int s1, int first) { return s0 > s1 ? 0 : s1 > s0 ? 1 : first; }
  /// strength(s, p, t) of both players p in every theater t, at out[p][t] (t a theater id; ids
  /// not in play are left as they were), faster than six calls. With `strengths`, also each
  /// board card's card_strength at strengths[card] (other cards' entries left as they were).
  void totals(const State& s, int out[2][kMaxTheaters], int* strengths = nullptr) const;
  bool uncovered(const State& s, int card) const;
  /// Player p's cards in a theater, bottom to top.
  int stack(const State& s, int player, int theater, uint8_t* out) const;
  /// A zone's cards in order (hand: order held; deck: top first). `player` is ignored for the deck.
  int zone(const State& s, Zone z, int player, uint8_t* out) const;
  int hand_size(const State& s, int player) const;
  /// The VP the opponent scores by the withdrawal chart if `player` withdraws holding
  /// `cards_left` cards (the charts of ruling 27). A battle_vp hook may change it.
  int withdraw_vp(const State& s, int player, int cards_left) const;
  /// The VP `winner` would score for a battle decided now (ruling 27): by the chart when the other
  /// player withdraws holding `cards_left` cards, else the rules' battle_vp; then the battle_vp
  /// hook, if the rules have one, with `reason` (a names-table index; 0: control or withdrawal).
  /// Throws ScriptError if the hook fails or answers outside 0 to kMaxVp.
  int scored_vp(const State& s, int winner, bool withdrew, int cards_left, uint32_t reason = 0) const;
  /// The card whose declared ongoing ability (Containment, Blockade: `destroy_plays`) would destroy
  /// `card` if `player` played it to `theater` with that face now, or -1 (rulings 19-20). Reads
  /// declarations only, no script: the search's policy and the terminal's marks use it.
  int destroys_play_at(const State& s, int player, int card, int theater, bool faceup) const;
  bool adjacent(const State& s, int t1, int t2) const;
  /// The game's result so far (public): over, winner, scores.
  GameResult result(const State& s) const {
    GameResult r;
    r.over = s.b.phase == Phase::Over;
    r.winner = r.over ? s.b.winner : -1;
    r.score[0] = s.b.score[0], r.score[1] = s.b.score[1];
    if (r.over && s.b.game_reason) r.reason = interned().name(s.b, s.b.game_reason);
    return r;
  }
  /// The player whose hand or side holds `card` (a card's owner is public where it lies on the
  /// board; its ability's "you"), 0 or 1.
  int owner(const State& s, int card) const { return s.b.card[card].owner; }
  /// Whether `player` (0 or 1; -1 omniscient) knows `card` where it lies now (knowledge.h).
  bool knows(const State& s, int player, int card) const { return knowledge::knows(s.b, player, card); }
  /// A determinization (sample.cpp): a full state consistent with everything `viewer` has seen
  /// (ruling 28): the cards they do not know trade identities at random and the game's generator
  /// is reseeded. Two states that differ only in what `viewer` cannot see give the same sample
  /// for the same `rng`.
  State sample(const State& s, int viewer, Rng& rng) const;
  class Sampler;
  /// The identities one determinization gave the hidden cards (Sampler::draw), kept to give the
  /// same identities again: to the present (Sampler::redraw) or to an earlier state of the same
  /// battle (Sampler::relabel), so that a player's past is read in the world they imagine now.
  /// Opaque: only a draw fills it, so no caller can ask for the true identities.
  class Identities {
   public:
    bool drawn() const { return drawn_; }

   private:
    friend class Sampler;
    uint8_t map_[kMaxCards] = {};  // the card at card c's place is map_[c]
    bool drawn_ = false;
  };
  /// Determinizations of one state for one viewer, drawn many times (a search's iterations):
  /// what does not depend on the draw (the hidden places, in their canonical order) is worked
  /// out once. draw(out, rng) leaves in `out` exactly what sample(s, viewer, rng) returns (out
  /// must keep its unused list slots at their defaults, as every State the engine made does).
  /// Holds references to the engine and to `s`, which must outlive it.
  class Sampler {
   public:
    /// A checked world shows the viewer what the real state does (its projection: a copier's
    /// hidden card may set a total the viewer sees), and mid-ability (an ability's run waits for
    /// an answer) it is the game re-run from the ability's snapshot with the world's cards (its
    /// question, prompt and asker its own, never the real state's); a world that fails is drawn
    /// again (up to kRedraws times). Worlds are checked mid-ability where the running card or
    /// the question's asker is hidden from the viewer (a hand trigger), everywhere with
    /// `check_all` (a world a program is shown: resample_from_infostate), and after check_worlds().
    Sampler(const Engine& e, const State& s, int viewer, bool check_all = false);
    static constexpr int kRedraws = 256;
    /// Checks every world drawn from now on (a search that met a world whose re-run asked
    /// another question: a script reading a hidden card, a copier's covered card).
    void check_worlds();
    void draw(State& out, Rng& rng) const;
    /// The same, keeping the identities drawn in `ids`.
    void draw(State& out, Rng& rng, Identities& ids) const;
    /// Draws only the identities (what draw would give the hidden cards), into `ids`.
    void identities(Identities& ids, Rng& rng) const;
    /// Draws again with identities `ids` kept from an earlier draw of this sampler: `out` is the
    /// determinization that draw gave (the game's generator reseeded from `rng`). False where
    /// that world fails the check above (`out` is then the world unchecked: draw another).
    /// Throws std::invalid_argument if `ids` was never drawn.
    bool redraw(const Identities& ids, State& out, Rng& rng) const;
    /// An earlier state `past` of the same battle, in the world `ids` drew: every card the viewer
    /// does not know now takes the identity `ids` gave it (a card they know now keeps its own).
    /// Since a player's knowledge only grows within a battle, `out` is consistent with what the
    /// viewer knew then and knows now. `past_action`, an action taken at `past`, is renamed the
    /// same way and returned. Throws std::invalid_argument if `ids` was never drawn or `past`
    /// is of another game's cards.
    Action relabel(const Identities& ids, const State& past, const Action& past_action, State& out, Rng& rng) const;

   private:
    // `out` becomes `s` with the identities `map` (old card -> new card), reseeded from `rng`;
    // `viewer`'s deductions keep their cards (what the viewer knows), the other player's follow
    // the places.
    static void relabel_state(const Engine& e, const State& s, const uint8_t* map, int viewer, State& out, Rng& rng);
    // identities() where the viewer keeps deductions: each deduction's cards among its places.
    void deduced_identities(uint8_t* map, Rng& rng) const;
    // Mid-ability: `t` (a relabelled world) becomes the world's own run to its question; false
    // where that run fails, asks nothing, or shows the viewer other than the real state does.
    bool consistent(State& t) const;
    const Engine* e_;
    std::shared_ptr<const Projection> seen_;  // what the viewer sees of the real state (checked worlds only)
    const State* s_;
    int viewer_ = 0;
    int n_ = 0;                    // cards the viewer does not know
    uint8_t places_[kMaxCards] = {};  // their places, in canonical order
    uint8_t ids_[kMaxCards] = {};     // their numbers, ascending
    // The viewer's deductions (knowledge.h): each one's cards, and its places as positions in
    // places_ (bit i: places_[i]); whether two of them share a place.
    int ndeduced_ = 0;
    uint64_t deduced_cards_[kMaxDeductions] = {}, deduced_at_[kMaxDeductions] = {};
    bool deductions_overlap_ = false;
  };

  // ---- what the verbs may do (API 3: docs/modding.md, "Card script API 3") -----------------
  /// Whether the rules (a covered card under flip_covered = false) and every may_flip function
  /// let `card` (on the board) turn over now.
  bool may_flip(const State& s, int card) const;
  /// Whether every may_move function lets `card` (on the board) move to `theater` now.
  bool may_move(const State& s, int card, int theater) const;
  /// The lasting effect with `uid` now, or nullptr if it has ended.
  const Lasting* find_lasting(const State& s, int uid) const {
    for (int i = 0; i < s.b.nlasting; ++i)
      if (s.b.lasting[i].uid == uid && !s.b.lasting_ended(i)) return &s.b.lasting[i];
    return nullptr;
  }
  /// Counter `name` of `target` (as Ops::set_counter sets it), 0 if never set.
  int counter(const State& s, int target, int name) const {
    for (int i = 0; i < s.b.ncounters; ++i)
      if (s.b.counters[i].target == target && s.b.counters[i].name == name) return s.b.counters[i].value;
    return 0;
  }
  /// "charge 2" lines of a target's counters, in the order they were first set.
  std::vector<std::pair<std::string, int>> counters_of(const State& s, int target) const;

  /// Whether the rules and every may_play function allow this play now (ruling 17).
  bool may_play(const State& s, int player, int card, int theater, bool faceup) const;
  void play_options(const State& s, int player, uint16_t* out, int& n) const;
  /// A decision's options in the plain string order of their omniscient texts (docs/scenarios.md):
  /// writes them to `out` (room for kMaxOptions) and returns how many.
  int options(const Decision& d, uint16_t* out) const;
  bool has_ongoing_functions() const { return fn_any_; }
  /// Whether a card or a lasting effect of the set has ongoing function `f`.
  bool has_fn(Fn f) const { return fn_used(f); }
  /// Whether any card of the set or lasting effect has a trigger for `ev` (the fast path skips
  /// events otherwise).
  bool fires(What ev) const { return fires_[static_cast<int>(ev) - static_cast<int>(What::Played)]; }
  /// Whether some card of the set has a `copies` function, or hand triggers (API 5).
  bool has_copiers() const { return copier_cards_ != 0; }
  bool has_hand_triggers() const { return hand_triggers_any_; }
  /// Whether seat `seat` (-1: omniscient) may not read what the ability `what` of `card` asks or
  /// does: a hand trigger (API 5) of a card the seat does not know.
  bool hidden_from(const State& s, int seat, int card, What what) const;
  /// Whether an ability due of `card` for trigger event `w` is a hand trigger (API 5): the card's
  /// trigger for that event acts from its owner's hand (a card has one or the other for an event).
  bool is_hand_trigger(int card, What w) const {
    return hand_triggers_any_ && is_trigger(w) && card < kMaxCards &&
           ((hand_trigger_cards_[static_cast<int>(w) - static_cast<int>(What::Played)] >> card) & 1);
  }
  /// The card whose ongoing effects and triggers `card` has now: itself, or for a copier (API 5)
  /// faceup on the board, the card its `copies` names (kNone: none). May throw ScriptError.
  int copied(const State& s, int card) const {
    if (!((copier_cards_ >> card) & 1)) return card;
    const CardLoc& l = s.b.card[card];
    return l.zone == Zone::Board && l.faceup ? scripts_->copied(s, card) : kNone;
  }

 private:
  // totals(), with each board card's strength too (kStrengths) or not.
  template <bool kStrengths>
  void totals_of(const State& s, int out[2][kMaxTheaters], int* strengths) const;
  // The scripts' budget of one action, for the length of a scope (Scripts::begin_action).
  struct ActionScope {
    Scripts& scripts;
    explicit ActionScope(Scripts& s) : scripts(s) { scripts.begin_action(); }
    ~ActionScope() { scripts.end_action(); }
    ActionScope(const ActionScope&) = delete;
    ActionScope& operator=(const ActionScope&) = delete;
  };
  // The sequence of turns and battles (resolve.cpp).
  struct Flow {
    EventLog* log = nullptr;
    Chooser* ask = nullptr;  // answers abilities' decisions during their runs (apply)
    int resolved = 0;  // abilities resolved for this action (at most kMaxAbilitiesPerAction)
    bool stop_at_battle_end = false;  // apply_discarding's: no next battle dealt once one is scored
  };
  void advance(State& s, Flow& f) const;
  /// A draw of the game's generator among n (below(n)), its outcome from the chance tape when one
  /// is set (ChanceStop at its end); `among`: a shuffle's candidates (n of them), or nullptr.
  /// (The sampled game draws from the generator directly: the hot path stays as it was.)
  uint32_t draw(Board& b, uint32_t n, ChanceWhat what, const uint8_t* among = nullptr) const;
  /// The generator's shuffle (Rng::shuffle) under a chance tape, each draw through draw().
  void shuffle(Board& b, uint8_t* first, int n, ChanceWhat what) const;
  void resolve(State& s, Flow& f) const;
  void run_resolution(State& s, EventLog* log, Chooser* ask = nullptr) const;
  /// Records the answer `a` to the pending decision (its Choice event, the answer list).
  uint16_t record_answer(State& s, const Action& a, EventLog* log) const;
  /// Answers the decision just set in `c.s->r.pending` with `c.ask`, during the run (Chooser):
  /// the option chosen, recorded; -1 if the chooser declined. Throws IllegalAction.
  int ask_now(AbilityCtx& c) const;
  void due(AbilityCtx* c, Board& b, const Due& d) const;
  /// What a change sets off, derived from its record `e` and its kind's row (event_kinds.h): the
  /// acting house-rule hook of its kind (if the rules have it), then its trigger for every faceup
  /// card with it, in board order (`before`: the card it is about too), and every lasting effect
  /// with it. Costs one test when nothing has the trigger or the hook.
  void fire(AbilityCtx* c, Board& b, const Event& e, Before before = {}) const {
    if (sets_off_[e.type].any) fire_event(c, b, e, before);
  }
  void fire_event(AbilityCtx* c, Board& b, const Event& e, Before before) const;
  /// fire for a turn or battle moment of no ability (TurnStart, TurnEnd, BattleStart,
  /// BattleDecided): out of line, so that the turn sequence stays lean where nothing acts.
  void fire_moment(Board& b, Event::Type type, int player, bool withdrew = false) const;
  /// emit, then fire: the usual course of a change.
  void record(AbilityCtx* c, Board& b, const Event& e, Before before = {}) const {
    emit(c, nullptr, e);
    fire(c, b, e, before);
  }
  // emit() and record() for an event that moves or turns its card (Ops): while a replacement for
  // that card runs, the first is marked as happening instead (API 6, emit_instead).
  void emit_change(AbilityCtx& c, const Event& e) const {
    if (c.instead_of && e.card == c.instead_card) [[unlikely]] emit_instead(c, e);
    else emit(&c, nullptr, e);
  }
  void record_change(AbilityCtx& c, Board& b, const Event& e, Before before = {}) const {
    emit_change(c, e);
    fire(&c, b, e, before);
  }
  void emit_instead(AbilityCtx& c, const Event& e) const;
  void queue_hook(AbilityCtx* c, Board& b, What hook, int player) const;  // hook: its Due's What
  /// A stack changed: `card` became covered by `by` / uncovered (called only when some card or
  /// lasting effect has that trigger). Kinds with no line are fired, not emitted: they count
  /// among no ability's events (Resolution::events).
  void covered(AbilityCtx& c, Board& b, int card, int by) const {
    fire(&c, b, Event{.type = Event::Covered, .card = static_cast<uint8_t>(card), .by = static_cast<uint8_t>(by)});
  }
  void uncovered(AbilityCtx& c, Board& b, int card) const {
    fire(&c, b, Event{.type = Event::Uncovered, .card = static_cast<uint8_t>(card)});
  }
  void decide_battle(State& s, Flow& f, int winner, bool withdrew, int cards_left, int reason = 0) const;
  /// Ends the lasting effects whose moment `m` has come (the battle's end: all but those lasting
  /// to the game's end; the game's end: all), logging each.
  void end_lasting(State& s, Flow& f, Moment m) const;
  void fire_lasting(AbilityCtx* c, Board& b, Due data) const;
  void score_battle(State& s, Flow& f) const;
  void record_battle(Board& b) const;
  void next_turn(State& s, Flow& f, const bool in_hand[2]) const;
  bool may_run_scripts(const State& s, const Action& a) const;
  void apply_unchecked(State& s, const Action& a, Flow& f) const;
  // Whether every may_destroy function lets an ability destroy `card` now (API 6; Ops::destroy).
  bool may_destroy(const State& s, int card) const;
  // Replacement effects (API 6; instead.cpp). Whether some card, lasting effect or rule has an
  // `instead` function for events of kind k.
  bool replaces(Instead k) const { return (instead_any_ >> static_cast<int>(k)) & 1; }
  // Called by an Ops verb before event `k` of `card` (`to`: a move's theater) happens: the
  // replacements that apply run, the card's owner choosing among several, until one replaces it.
  // Whether the event does not happen (replaced, or the card is no longer where it could).
  bool replaced(AbilityCtx& c, Instead k, int card, int to) const;
  int insteads_now(const AbilityCtx& c, Instead k, int card, InsteadSource* out) const;
  int choose_instead(AbilityCtx& c, Instead k, int card, const InsteadSource* srcs, int n) const;
  // The message refusing `a` (not legal in `s`): why (not in the hand, a faceup play outside its
  // theater, a may_play or may_withdraw function, a pending question) and, for a play of a card
  // in the hand of the player to act, that card's legal plays.
  std::string illegal_text(const State& s, const Action& a) const;
  // The board (engine.cpp).
  void start_battle(Board& b, bool first_battle) const;
  /// Records the BattleStart event of the battle just dealt: its line, then its hook.
  void battle_started(Board& b, EventLog* log) const;
  void place(Board& b, int player, int card, int theater, bool faceup) const;
  /// The card whose ongoing ability destroys `card` as it is played, or -1 (rulings 18-20).
  int destroyed_on_play(const State& s, int card) const;
  /// A card's strength before any effect: printed faceup, rules_.facedown_strength facedown (ruling 6).
  int base_strength(const Board& b, int card) const {
    return b.card[card].faceup ? printed_strength_[card] : rules_.facedown_strength;
  }
  /// Calls f(el, effect) for every effect of a type in `types` (bits 1 << Effect::Type) of a card
  /// faceup on the board (ruling 10), `el` being where that card is; cards in index order, then
  /// the copiers (API 5), each with the effects of the card it copies.
  template <class F>
  void each_effect_in_play(const State& s, unsigned types, F f) const {
    each_declared_effect(s.b, types, f);
    if (copier_cards_) [[unlikely]]
      each_copied_effect(s, types, f);
  }
  /// each_effect_in_play without the copiers: the cards' own declarations only.
  template <class F>
  void each_declared_effect(const Board& b, unsigned types, F& f) const {
    uint64_t cards = 0;
    for (int t = 0; t < Effect::Count; ++t)
      if ((types >> t) & 1) cards |= effect_type_cards_[t];
    for (uint64_t m = cards; m; m &= m - 1) {
      const int e = __builtin_ctzll(m);
      const CardLoc& el = b.card[e];
      if (el.zone != Zone::Board || !el.faceup) continue;
      for (const Effect& x : set_.cards[e].effects)
        if ((types >> x.type) & 1) f(el, x);
    }
  }
  /// each_effect_in_play's copiers (API 5), out of the hot path.
  template <class F>
  [[gnu::noinline]] void each_copied_effect(const State& s, unsigned types, F& f) const {
    for (uint64_t m = copier_cards_; m; m &= m - 1) {
      const int e = __builtin_ctzll(m);
      const CardLoc& el = s.b.card[e];
      if (el.zone != Zone::Board || !el.faceup) continue;
      const int from = copied(s, e);
      if (from == kNone) continue;
      for (const Effect& x : set_.cards[from].effects)
        if ((types >> x.type) & 1) f(el, x);
    }
  }
  static constexpr unsigned kStrengthEffects = 1u << Effect::SetStrength | 1u << Effect::AddStrength;
  /// The StrengthBonus effects (Support) of `player`'s faceup cards reaching `theater` (ruling 9).
  int strength_bonus(const State& s, int player, int theater) const;
  bool skip_hand_due(const Board& b, const Due& d) const;
  int destroys_play_copying(const State& s, int player, int card, int theater, bool faceup) const;
  int destroyed_on_play_copying(const State& s, int card) const;
  int destroyed_by_functions(const State& s, int card) const;
  bool deploy_allowed(const State& s, int player, int card, int theater) const;
  int deploy_reach(const State& s, int player) const;
  int deploy_reach_copying(const State& s, int player) const;
  template <bool copying>
  int reach_of(const State& s, int player) const;
  bool may_withdraw(const State& s, int player) const;
  // Turn actions (API 5), off the hot paths: appends them to a turn's plays in `out` (legal's
  // general path, before the withdrawal); whether Action::Rule `a` is legal; applies it (its
  // event, and its run as the turn's due).
  void add_turn_actions(const State& s, std::vector<Action>& out) const;
  bool turn_action_legal(const State& s, const Action& a) const;
  void take_turn_action(State& s, const Action& a, Flow& f) const;
  /// Faceup board cards of `mask`, in board order.
  int holders(const Board& b, uint64_t mask, uint8_t* out) const;
  int apply_fns(const State& s, Fn fn, const int* args, int value) const;
  template <class Step>
  int apply_fns_steps(const State& s, Fn fn, const int* args, int value, Step step) const;
  /// What adds to a total beyond the cards, by source, into `out` (projection.h's Bonus).
  void bonuses(const State& s, int player, int theater, std::vector<Bonus>& out) const;
  friend void project_into(const Engine& e, const State& s, int seat, Projection& out);
  friend class Texts;
  friend class Ops;
  // The decision protocol (resolve.cpp; Ops::ask documents it).
  int ask(AbilityCtx& c, int player, DecisionKind kind, const uint16_t* opts, int n, int card_shown = kNone,
          int about = kNone, int prompt = 0, int texts = 0) const;
  // Logs the record of a change (Ops::emit documents it), and the deferred lines of c's triggers.
  void emit(AbilityCtx* c, EventLog* log, const Event& e) const;
  void flush_headers(AbilityCtx& c) const;
  /// The card uncovered when `card` leaves its stack (kNone unless some card has that trigger).
  int uncovered_by_leaving(const Board& b, int card) const;
  void hands_held(const Board& b, bool out[2]) const;  // whether each hand holds a card, in one pass

  CardSet set_;
  Rules rules_;
  std::vector<std::string> rule_names_;
  std::string hash_;
  std::unique_ptr<Scripts> scripts_;
  std::function<std::shared_ptr<Engine>()> twin_maker_;
  uint64_t effect_cards_ = 0;    // cards with ongoing declarations
  uint64_t effect_type_cards_[Effect::Count] = {};  // by Effect::Type: cards with at least one effect of it
  uint64_t effects_of(Effect::Type t) const { return effect_type_cards_[t]; }
  uint64_t copier_cards_ = 0;  // cards with a `copies` function (API 5)
  uint64_t own_may_play_cards_ = 0;  // cards with the terms of their own play (`may_play` in the card's file, API 6)
  uint64_t hand_trigger_cards_[kTriggerEvents] = {};  // by event: cards with a hand trigger for it (API 5)
  bool hand_triggers_any_ = false;                   // some card has a hand trigger
  bool slow_legal_ = false;                          // legal() takes its general path: fn_any_, or a turn_actions hook (API 5)
  uint64_t fn_cards_[static_cast<int>(Fn::Count)] = {};   // cards with each ongoing function
  uint64_t fn_cards_any_ = 0;
  uint64_t trigger_cards_[kTriggerEvents] = {};          // cards with each trigger
  // Whether a card or a lasting effect has each function (any), or each trigger.
  bool fn_used_[static_cast<int>(Fn::Count)] = {};
  bool fn_any_ = false;
  mutable ChanceTape* chance_ = nullptr;  // set_chance_tape: the caller's, for one run
  bool lasting_fn_[static_cast<int>(Fn::Count)] = {};    // some lasting effect has the function
  bool lasting_trigger_[kTriggerEvents] = {};
  bool fires_[kTriggerEvents] = {};
  // By Event::Type, what its row sets off in this engine: the acting hook's Due (if the rules have
  // the hook), the trigger (if some card or lasting effect has it), What::Instant for nothing.
  struct SetsOff {
    bool any = false;
    What hook = What::Instant;
    What trigger = What::Instant;
  };
  SetsOff sets_off_[kEventKindCount] = {};
  bool fn_used(Fn f) const { return fn_used_[static_cast<int>(f)]; }
  // Names scripts gave the state (intern): symbol tables, one a game (GameNames), not game state
  // (states hold numbers and their table's number). Shared with the engine's twins (twin()), so a
  // number means the same name to all of them; locked, as twins run in other threads.
  std::shared_ptr<NameRegistry> names_ = new_name_registry();
  bool scripted_ = false;       // some card has a function or a trigger, or the rules have a hook
  std::vector<int> theater_type_;  // card -> theater id of its type, or kNone
  int printed_strength_[kMaxCards] = {};  // card -> its printed strength (set_.cards[card].strength)
  // Sort keys giving the plain string order of option texts without building strings:
  // 2 * rank + 1 for an id or theater name, and an even key for "none" between them.
  std::vector<int> card_key_, theater_key_;
  int card_none_key_ = 0, theater_none_key_ = 0;
  void compute_sort_keys();
  std::unique_ptr<State> blank_;  // the table before any deal (blank()), built once
  void make_blank();
  uint64_t instead_cards_[static_cast<int>(Instead::Count)] = {};  // by kind: cards with an `instead` function (API 6)
  uint8_t lasting_instead_ = 0;  // bit k: some lasting effect has an `instead` function for Instead(k)
  uint8_t instead_any_ = 0;      // bit k: a card, a lasting effect or a rule has one
};

/// `s` with its cards' identities permuted: the card that was c is now card `to[c]` (`to` a
/// bijection over the set's cards), every card reference the state holds renamed with it (places,
/// both players' knowledge and deductions, abilities due, lasting effects and their data, counters,
/// the running ability's snapshot, answers and question); the generators as they were. Two states
/// a player cannot tell apart, for the no-peeking tests (tests/unit/test_no_peeking.cpp).
State permuted(const Engine& e, const State& s, const uint8_t* to);

/// The board-order key of a board card: theaters left to right, player 1 first, bottom to top.
inline uint64_t board_key(const Board& b, int card) {
  const CardLoc& l = b.card[card];
  return (uint64_t{b.pos[l.theater]} << 40) | (uint64_t{l.owner} << 32) | static_cast<uint32_t>(l.seq);
}

}  // namespace als
