// The rules engine: one card set with its rules and its scripts, and the functions that play a
// game held in a State value. The Engine itself holds no game: any number of States can be
// played with one Engine (one thread at a time: its scripts' Lua state is not shared).
//
// Files: engine.cpp (the board, strength, control, legal actions, battles), verbs.cpp (what each
// verb does), digest.cpp,
// resolve.cpp (abilities due, re-running from a snapshot, triggers, hooks, turns and battles),
// text.cpp (texts, parsing), projection.cpp (what a seat sees: projection.h). The Lua side
// (binding.cpp, loader.cpp) implements Scripts.
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
#include "errors.h"
#include "events.h"
#include "knowledge.h"
#include "projection.h"
#include "state.h"

namespace als {

/// A game's result as everyone may know it: whether it is over, its winner (0 or 1; -1 while it
/// goes on) and both players' VP.
struct GameResult {
  bool over = false;
  int winner = -1;
  int score[2] = {0, 0};
  std::string reason;  // the reason a game_over hook ended the game with (API 4), or ""
};

/// The question an ability asks now (Engine::question), as a seat may read it.
struct Question {
  bool asked = false;      // false at a turn, or once the game is over: no ability asks
  DecisionKind kind = DecisionKind::Turn;
  int player = -1;         // who answers (0 or 1)
  std::string ability;     // what asks: "ambush", "house rule (turn_start)", "effect shield of bunker (when flipped)"
  int card = -1;           // the card whose ability (or whose lasting effect) asks; -1: a house rule
  bool lasting = false;    // a lasting effect's trigger asks (its card may have changed since)
  std::string text;        // that card's printed text ("" without a card)
  std::string prompt;      // the ability's own words for the question (API 3), or ""
  std::string shown;       // the card shown with the question (Reinforce's draw) if the seat knows it, or ""
  std::string about;       // the card the question is about (Transport's move), as the seat names it, or ""
  std::vector<std::string> options;  // an option question's texts (API 4), in the script's order: "option K" is the Kth
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

/// The tables of names of an engine and its twins (text.cpp).
struct NameRegistry;
std::shared_ptr<NameRegistry> new_name_registry();

/// One game's table of names (Engine::game_names), released when this holder goes: names
/// interned per game, so nothing a game's scripts name outlives it (a fresh counter name on every
/// call fills no table across games). States carry only its number (id()). Move-only; the engine
/// that made it must outlive it.
class GameNames {
 public:
  GameNames() = default;
  GameNames(GameNames&& o) noexcept : reg_(o.reg_), id_(o.id_) { o.reg_ = nullptr, o.id_ = 0; }
  GameNames& operator=(GameNames&& o) noexcept {
    if (this != &o) release(), reg_ = o.reg_, id_ = o.id_, o.reg_ = nullptr, o.id_ = 0;
    return *this;
  }
  GameNames(const GameNames&) = delete;
  GameNames& operator=(const GameNames&) = delete;
  ~GameNames() { release(); }
  /// The table's number, for new_game and BoardCore::names; 0 for an empty holder.
  uint32_t id() const { return id_; }

 private:
  friend class Engine;
  GameNames(NameRegistry* reg, uint32_t id) : reg_(reg), id_(id) {}
  void release();  // text.cpp: forgets the table's names (cheap when no game made a table)
  NameRegistry* reg_ = nullptr;
  uint32_t id_ = 0;
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

  // ---- playing -------------------------------------------------------------------------
  /// Appends every legal action now to `out` (cleared first), in canonical order
  /// (not sorted by text). Empty once the game is over. May run ongoing functions (ScriptError).
  void legal(const State& s, std::vector<Action>& out) const;
  bool is_legal(const State& s, const Action& a) const;
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
  /// The decision protocol, for the binding's decision verbs (docs/design.md, "Abilities that
  /// wait"): the running ability asks `player` a question of `kind` (with a card shown, and the
  /// card it is about, or kNone) with options `opts` (n of them, in any order, repeats allowed:
  /// sorted and made distinct here).
  /// Returns the answer: kNone at once when there is nothing to choose (no option, or only
  /// "none") or the run is already dry; the recorded answer when the ability is re-run; the
  /// chooser's answer during the run (c.ask, recorded with its Choice event). Otherwise the state
  /// now holds the decision, the rest of the run is dry (c.dry) and -1 is returned. Throws
  /// ScriptError if a re-run asks a question its recorded answer does not fit, IllegalAction if
  /// the chooser answers with no option. An Option question (API 4) gives its texts in `texts`:
  /// one interned name, the texts joined by '\n', option k the kth.
  int ask(AbilityCtx& c, int player, DecisionKind kind, uint16_t* opts, int n, int card_shown = kNone,
          int about = kNone, int prompt = 0, int texts = 0) const;
  /// An Option decision's texts, in the script's order (option k is the kth); empty for another kind.
  std::vector<std::string> option_texts(const BoardCore& b, const Decision& d) const;

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
  /// not in play are left as they were), faster than six calls.
  void totals(const State& s, int out[2][kMaxTheaters]) const;
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
    if (r.over && s.b.game_reason) r.reason = name(s.b, s.b.game_reason);
    return r;
  }
  /// The player whose hand or side holds `card` (a card's owner is public where it lies on the
  /// board; its ability's "you"), 0 or 1.
  int owner(const State& s, int card) const { return s.b.card[card].owner; }
  /// Whether `player` (0 or 1; -1 omniscient) knows `card` where it lies now (knowledge.h).
  bool knows(const State& s, int player, int card) const { return knowledge::knows(s.b, player, card); }
  /// The question pending now, as seat `viewer` (0 or 1; -1 everything) may read it: which
  /// ability asks and its card's text (public: the card was faceup when it began), the prompt,
  /// the card shown and the card it is about named as the knowledge model lets the seat name them.
  Question question(const State& s, int viewer) const;
  /// Protocol 2's observation (observation.cpp, docs/protocol.md): a flat list of integers of
  /// observation_layout().size(), built only from what `seat` (0 or 1) knows (knowledge.h) and
  /// what is public.
  std::vector<int> observation(const State& s, int seat) const;
  /// The name of each position of observation(), in order ("card ID where", "position 1 theater", ...).
  std::vector<std::string> observation_layout() const;
  /// The float observation of the Python module (observation.cpp; docs/python.md, "Observation
  /// tensor"): observation_tensor_size() floats written to `out`, built only from what `seat`
  /// (0 or 1) knows and what is public: each card where the seat knows it (with its theater
  /// position, face, strength, depth in its stack, covered, counters), each theater position,
  /// every stack slot (occupied, faceup, known), the scores and counts, the pending question.
  void observation_tensor(const State& s, int seat, float* out) const;
  int observation_tensor_size() const;
  /// A 64-bit digest (XXH64) of everything in the state, field by field: two states with equal
  /// digests are, in practice, the same game at the same decision (game records). Enumerations
  /// are hashed by fixed codes, names by their text: the digest of a state changes only with
  /// kDigestVersion.
  uint64_t digest(const State& s) const;
  /// The version of digest(): records carry it, and a replay checks digests only of its own version.
  static constexpr int kDigestVersion = 1;
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
    Sampler(const Engine& e, const State& s, int viewer);
    void draw(State& out, Rng& rng) const;
    /// The same, keeping the identities drawn in `ids`.
    void draw(State& out, Rng& rng, Identities& ids) const;
    /// Draws only the identities (what draw would give the hidden cards), into `ids`.
    void identities(Identities& ids, Rng& rng) const;
    /// Draws again with identities `ids` kept from an earlier draw of this sampler: `out` is the
    /// determinization that draw gave (the game's generator reseeded from `rng`). Throws
    /// std::invalid_argument if `ids` was never drawn.
    void redraw(const Identities& ids, State& out, Rng& rng) const;
    /// An earlier state `past` of the same battle, in the world `ids` drew: every card the viewer
    /// does not know now takes the identity `ids` gave it (a card they know now keeps its own).
    /// Since a player's knowledge only grows within a battle, `out` is consistent with what the
    /// viewer knew then and knows now. `past_action`, an action taken at `past`, is renamed the
    /// same way and returned. Throws std::invalid_argument if `ids` was never drawn or `past`
    /// is of another game's cards.
    Action relabel(const Identities& ids, const State& past, const Action& past_action, State& out, Rng& rng) const;

   private:
    // `out` becomes `s` with the identities `map` (old card -> new card), reseeded from `rng`.
    static void relabel_state(const Engine& e, const State& s, const uint8_t* map, State& out, Rng& rng);
    const Engine* e_;
    const State* s_;
    int n_ = 0;                    // cards the viewer does not know
    uint8_t places_[kMaxCards] = {};  // their places, in canonical order
    uint8_t ids_[kMaxCards] = {};     // their numbers, ascending
  };

  // ---- text (text.cpp) ---------------------------------------------------------------------
  int theater_id(std::string_view name) const;  // -1 if unknown
  const std::string& theater_name(int id) const { return rules_.theaters[id]; }
  /// A card as `viewer` may name it: its id when known (viewer -1 knows everything), else its
  /// position "P:THEATER:N" on the board (P 1 or 2, N from the bottom), else "?".
  std::string card_label(const State& s, int card, int viewer) const;
  std::string option_text(const State& s, DecisionKind kind, uint16_t opt, int viewer) const;
  /// "deploy ID THEATER", "improvise ID THEATER", "withdraw", "choose OPTION".
  std::string action_text(const State& s, const Action& a, int viewer) const;
  /// The move `a` as `viewer` sees it, coded in a number: two legal actions of a state have the
  /// same key exactly when they have the same `action_text(.., viewer)`, so a key names a card
  /// the viewer cannot identify by its place, never by which card it is (ruling 28). Keys of
  /// different states compare as their texts do. For searches' trees (no text built).
  uint32_t action_key(const State& s, const Action& a, int viewer) const;
  /// Orders `acts` (legal actions now) as `viewer` is shown them: by their texts as the viewer
  /// sees them, and actions whose texts are the same (cards the viewer cannot tell apart, "?")
  /// by the cards' places (zone, owner, theater, order), never by the cards' identities. Fills
  /// `texts` (if given) in the same order. Every list a player or agent is given is in this order.
  void order_for_viewer(const State& s, int viewer, std::vector<Action>& acts,
                        std::vector<std::string>* texts = nullptr) const;
  /// Parses an exact action text as `action_text(.., viewer)` writes it, or throws IllegalAction.
  Action parse_action(const State& s, std::string_view text, int viewer) const;
  /// How `viewer` (0 or 1) names a card it does not know, by where it lies: "a facedown card of
  /// player 2", "a card in player 2's hand", "a card of the deck", "a card held by player 2".
  std::string hidden_card_text(const State& s, int card) const;
  /// A message (an error, a refusal, a reason) as seat `viewer` may read it (-1: everything):
  /// every card id in it that the seat does not know in `s` (knowledge.h) is replaced by
  /// hidden_card_text, `card 'ID'` included, so that no message names a hidden card.
  std::string message_for(const State& s, int viewer, std::string_view text) const;
  /// One log line for an event, as `viewer` may see it (-1: everything): its kind's template
  /// (event_kinds.h) filled in, or the line text.cpp writes; "" for a kind with no line.
  std::string event_text(const Event& e, int viewer) const;
  std::string event_line(const Event& e, int viewer) const;  // event_text without its cause
  /// "house rule (turn_start)", "ambush", "sabotage (when destroyed)": what an ability due is.
  /// `effect`: for a lasting effect's trigger, its definition (CardSet::lasting).
  std::string due_text(const Due& d, int effect = -1) const;
  /// "shield of bunker" or "shield (house rule)": a lasting effect's definition, named.
  std::string effect_text(int effect) const;
  /// "tanks", "rule" or "" (a player's own action): an event's or a trigger's cause.
  std::string cause_text(int cause) const;

  // ---- the verbs, for the binding (engine.cpp) ----------------------------------------------
  // Each keeps the board consistent, emits events and fires the triggers of docs/modding.md, "Triggers".
  /// Turns a board card over (RB "Flip") unless a rule or a ban refuses it (may_flip): returns
  /// whether it turned.
  bool op_flip(AbilityCtx& c, int card) const;
  /// Moves a board card on top of its owner's stack in `theater` (RB "Move") unless a ban
  /// refuses it (may_move): returns whether it moved.
  bool op_move(AbilityCtx& c, int card, int theater) const;
  void op_destroy(AbilityCtx& c, int card) const;      // a board or hand card, to the deck bottom
  void op_return(AbilityCtx& c, int card) const;
  void op_to_deck(AbilityCtx& c, int card, bool top) const;  // a board or hand card
  int op_draw(AbilityCtx& c, int player) const;
  /// The top n cards of the deck, top first, into `out`; `player` now knows them.
  int op_look(AbilityCtx& c, int player, int n, uint8_t* out) const;
  void op_gain_vp(AbilityCtx& c, int player, int vp) const;
  void op_log(AbilityCtx& c, const std::string& text) const;
  /// API 4's g:reveal: the players of `to` (bit p: player p) who do not know `card` (in a hand,
  /// on the board, in the deck or held) learn it, and `revealed` fires once for them; nothing
  /// else changes (docs/modding.md, "Knowledge").
  void op_reveal(AbilityCtx& c, int card, int to) const;
  /// API 4's g:to_hand: `card` (in the deck, a hand or on the board) goes to the end of `player`'s
  /// hand, facedown; the player learns it. False if it is in that hand already.
  bool op_to_hand(AbilityCtx& c, int card, int player) const;
  /// `player` may deploy to a theater that does not match the card's type on their next play, or
  /// (`whole_turn`) during their next turn (Air Drop: ruling 21).
  void op_allow_anywhere(AbilityCtx& c, int player, bool whole_turn) const;
  /// `player` takes one more turn right after the current one (the first printing's Redeploy).
  void op_extra_turn(AbilityCtx& c, int player) const;
  /// `n` supply tokens (+1 strength each; negative: removed) on `player`'s side of `theater`.
  /// Throws ScriptError if a count would leave 0 to kMaxTokens.
  void op_add_tokens(AbilityCtx& c, int player, int theater, int n) const;
  // ---- API 3 (docs/modding.md, "Card script API 3") ----------------------------------------
  /// Whether the rules (a covered card under flip_covered = false) and every may_flip function
  /// let `card` (on the board) turn over now.
  bool may_flip(const State& s, int card) const;
  /// Whether every may_move function lets `card` (on the board) move to `theater` now.
  bool may_move(const State& s, int card, int theater) const;
  /// Sets counter `name` (interned) of `target` (a board card's index, or kCounterPlayer + p) to
  /// `value` (-kCounterLimit..kCounterLimit; 0 removes it) and logs the change. Throws
  /// ScriptError when more than kMaxCounters would be set or the value is out of range.
  void op_set_counter(AbilityCtx& c, int target, int name, int value) const;
  /// The same outside any ability (scenario set-ups): no event.
  void set_counter(State& s, int target, int name, int value) const;
  /// A board card goes to the top of `player`'s side of its theater, same face, and is theirs
  /// from now on (fires `given`, `covered`, `uncovered`); false if it is theirs already.
  bool op_give(AbilityCtx& c, int card, int player) const;
  /// `player` takes the top `n` cards of the deck into hand (fewer if it is shorter): their
  /// indexes, top first, into `out`; returns how many.
  int op_deal(AbilityCtx& c, int player, int n, uint8_t* out) const;
  /// When an effect started now ends (g:effect's `until`; state.h).
  using Until = als::Until;
  /// Starts lasting effect `e` (its definition: CardSet::lasting[e.effect]; its card, player and
  /// data set by the caller) until `until` (`turns`: N of { turns = N }, 1 to kMaxEffectTurns),
  /// noting when it started. Throws ScriptError past kMaxLasting effects.
  void op_effect(AbilityCtx& c, Lasting e, Until until, int turns = 0) const;
  /// Puts the fields of `e`'s data in the order of their names (g:effect and a scenario's setup
  /// give them in a Lua table's order, which the state must not depend on).
  void order_effect_data(const BoardCore& b, Lasting& e) const;
  /// The same without an event, on a board (a scenario's setup): `e` gets its uid and ends.
  void start_lasting(Board& b, Lasting& e, Until until, int turns = 0) const;
  /// The lasting effect with `uid` now, or nullptr if it has ended.
  const Lasting* find_lasting(const State& s, int uid) const {
    for (int i = 0; i < s.b.nlasting; ++i)
      if (s.b.lasting[i].uid == uid) return &s.b.lasting[i];
    return nullptr;
  }
  /// The number of a name scripts give the state (counter names, prompts, end reasons, effect
  /// data fields) in the table of `b`'s game (BoardCore::names), interned on first use: the state
  /// holds numbers, texts and digests the names. Throws ScriptError past 65,535 distinct names in
  /// one game. (A state read after its GameNames went finds a fresh, empty table.)
  uint16_t intern(const BoardCore& b, std::string_view name) const;
  /// The number of `name` in the table of `b`'s game, or 0 when it was never interned there
  /// (reading a counter: nothing is added).
  uint16_t find_name(const BoardCore& b, std::string_view name) const;
  /// Every name of `b`'s game, in id order (a serialized state carries them: its numbers are
  /// that table's): {""} for a game that named nothing yet.
  std::vector<std::string> names(const BoardCore& b) const;
  /// The name numbered `id` in the table of `b`'s game ("" for 0, or for a released table); a
  /// copy, as another thread may release a table.
  std::string name(const BoardCore& b, int id) const;
  /// A new table of names for one game, held by the returned value: pass its id() to new_game
  /// (or set BoardCore::names) and keep it as long as the game's states are read. What a game's
  /// scripts name then lives exactly as long as the game (table 0, the engine's own, never
  /// goes: it serves states no game holds a table for, as scenario set-ups).
  GameNames game_names() const;
  /// Counter `name` of `target` (as op_set_counter), 0 if never set.
  int counter(const State& s, int target, int name) const {
    for (int i = 0; i < s.b.ncounters; ++i)
      if (s.b.counters[i].target == target && s.b.counters[i].name == name) return s.b.counters[i].value;
    return 0;
  }
  /// "charge 2" lines of a target's counters, in the order they were first set.
  std::vector<std::pair<std::string, int>> counters_of(const State& s, int target) const;

  /// Plays a card from hand, held by an ability or looked at on the deck; returns false if it was
  /// destroyed as played.
  bool op_play(AbilityCtx& c, int player, int card, int theater, bool faceup) const;
  /// Whether the rules and every may_play function allow this play now (ruling 17).
  bool may_play(const State& s, int player, int card, int theater, bool faceup) const;
  void play_options(const State& s, int player, uint16_t* out, int& n) const;
  /// A decision's options in the plain string order of their omniscient texts (docs/scenarios.md):
  /// writes them to `out` (room for kMaxOptions) and returns how many.
  int options(const Decision& d, uint16_t* out) const;
  /// Logs the record of a change (to c's log inside an ability, else to `log`) as its kind's row
  /// says: not at all for a kind with no line, and only if the log keeps the type. The logged
  /// copy gets the running ability as its cause and who knows its card (knowledge.h).
  void emit(AbilityCtx* c, EventLog* log, const Event& e) const;
  /// Writes the deferred log lines of the triggers and hooks running in `c` (outermost first).
  void flush_headers(AbilityCtx& c) const;
  bool has_ongoing_functions() const { return fn_any_; }
  /// Whether a card or a lasting effect of the set has ongoing function `f`.
  bool has_fn(Fn f) const { return fn_used(f); }
  /// Whether any card of the set or lasting effect has a trigger for `ev` (the fast path skips
  /// events otherwise).
  bool fires(What ev) const { return fires_[static_cast<int>(ev) - static_cast<int>(What::Played)]; }
  /// "house rule (turn_start)", "ambush", "effect shield of bunker (when flipped)".

 private:
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
  /// faceup on the board (ruling 10), `el` being where that card is; cards in index order.
  template <class F>
  void each_effect_in_play(const Board& b, unsigned types, F f) const {
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
  static constexpr unsigned kStrengthEffects = 1u << Effect::SetStrength | 1u << Effect::AddStrength;
  /// The StrengthBonus effects (Support) of `player`'s faceup cards reaching `theater` (ruling 9).
  int strength_bonus(const State& s, int player, int theater) const;
  bool deploy_allowed(const Board& b, int player, int card, int theater) const;
  int deploy_reach(const Board& b, int player) const;
  bool may_withdraw(const State& s, int player) const;
  /// Faceup board cards of `mask`, in board order.
  int holders(const Board& b, uint64_t mask, uint8_t* out) const;
  int apply_fns(const State& s, Fn fn, const int* args, int value) const;
  template <class Step>
  int apply_fns_steps(const State& s, Fn fn, const int* args, int value, Step step) const;
  /// What adds to a total beyond the cards, by source, into `out` (projection.h's Bonus).
  void bonuses(const State& s, int player, int theater, std::vector<Bonus>& out) const;
  friend Projection project(const Engine& e, const State& s, int seat);
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
  uint64_t fn_cards_[static_cast<int>(Fn::Count)] = {};   // cards with each ongoing function
  uint64_t fn_cards_any_ = 0;
  uint64_t trigger_cards_[kTriggerEvents] = {};          // cards with each trigger
  // Whether a card or a lasting effect has each function (any), or each trigger.
  bool fn_used_[static_cast<int>(Fn::Count)] = {};
  bool fn_any_ = false;
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
};

/// The board-order key of a board card: theaters left to right, player 1 first, bottom to top.
inline uint64_t board_key(const Board& b, int card) {
  const CardLoc& l = b.card[card];
  return (uint64_t{b.pos[l.theater]} << 40) | (uint64_t{l.owner} << 32) | static_cast<uint32_t>(l.seq);
}

}  // namespace als
