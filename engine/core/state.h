// The game state: a trivially copyable value. Copying a State (a memcpy: its size is held below)
// gives an
// independent game at any decision, mid-ability included (docs/design.md, "Abilities that wait").
// Players are 0 and 1 inside the engine; every public interface (Lua, CLI) calls them 1 and 2.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <iterator>
#include <string_view>
#include <type_traits>

#include "cardset.h"
#include "event_kinds.h"
#include "rng.h"

namespace als {

/// Bits set in a card mask. Inline (no library call on CPUs the build does not assume popcnt of).
inline int count_cards(uint64_t m) {
#if defined(__POPCNT__)
  return __builtin_popcountll(m);
#else
  m = m - ((m >> 1) & 0x5555555555555555ULL);
  m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
  m = (m + (m >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((m * 0x0101010101010101ULL) >> 56);
#endif
}

enum class Zone : uint8_t { Deck, Hand, Board, Held, Out };  // Out: set aside by a scenario

/// Where one card is. Order within a zone (stack bottom to top, hand order, deck top to bottom)
/// is by `seq`, ascending.
struct CardLoc {
  Zone zone = Zone::Deck;
  uint8_t owner = 0;      // hand, board and held cards: the player they belong to
  uint8_t theater = kNone;  // board cards: theater id (index into Rules::theaters)
  uint8_t faceup = 0;
  int32_t seq = 0;
  bool operator==(const CardLoc&) const = default;
};

enum class Phase : uint8_t { Playing, Over };

/// An ability due: whose (a card, or kNone for a hook), which, and for a trigger, the event
/// that fired it (its record's facts); for a turn hook, `event.player` is whose turn it is.
struct Due {
  uint8_t card = kNone;
  What what = What::Instant;
  uint8_t effect = kNone;   // a lasting effect's trigger: the effect's Lasting::uid
  EventFacts event = {};   // a turn action's due (What::HookTurnAction): event.from is its place (API 5)
  bool operator==(const Due&) const = default;
};
constexpr uint8_t kHandTheater = 254;  // EventFacts::from and Event::from for "from hand"
constexpr uint8_t kDeckPlace = 253;    // Event::from and Event::theater for "the deck" (place_of)
constexpr uint8_t kRuleCause = 254;    // EventFacts::cause and Event::cause for "a house rule"

// ---- API 3: counters and lasting effects (docs/modding.md, "Counters", "Effects that last") ----
constexpr int kMaxCounters = 32;     // counters set at once in a game (cards' and players')
constexpr int kCounterLimit = 1000;  // a counter's value stays within -1000..1000
constexpr uint8_t kCounterPlayer = 128;  // Counter::target of player p: kCounterPlayer + p
/// One counter: `name` is an interned name (Engine::name), never 0; a counter at 0 is not kept.
struct Counter {
  uint8_t target = 0;  // a card index, or kCounterPlayer + player
  uint8_t pad = 0;
  uint16_t name = 0;
  int16_t value = 0;
  bool operator==(const Counter&) const = default;
};
constexpr int kMaxLasting = 16;     // lasting effects at once
constexpr int kMaxEffectData = 4;   // fields of an effect's data
constexpr uint32_t kUntilBattleEnd = 0xffffffff;  // Lasting::ends of an effect lasting to the battle's end (or the game's)
constexpr int kMaxEffectTurns = 12;           // g:effect's { turns = N }: N from 1 to 12 (API 4)
enum class DataType : uint8_t { Int, Bool, Card, Theater };
/// When a lasting effect ends (g:effect's `until`): the end of this turn, of the next, of the
/// battle; API 4: the start or the end of its player's next turn, the end of the Nth turn from
/// now ({ turns = N }), the end of the game.
enum class Until : uint8_t { TurnEnd, NextTurnEnd, BattleEnd, OwnNextTurnStart, OwnNextTurnEnd, Turns, GameEnd };
/// Their names in scripts, by value ("turns" stands for the table { turns = N }).
constexpr const char* kUntilNames[] = {"turn_end",          "next_turn_end", "battle_end", "own_next_turn_start",
                                       "own_next_turn_end", "turns",         "game_end"};
/// The duration named `name` (not Turns, which is a table), or -1.
inline int until_named(std::string_view name) {
  for (int u = 0; u < static_cast<int>(std::size(kUntilNames)); ++u)
    if (u != static_cast<int>(Until::Turns) && name == kUntilNames[u]) return u;
  return -1;
}
constexpr const char* kUntilList =
    "turn_end, next_turn_end, battle_end, own_next_turn_start, own_next_turn_end, { turns = N } or game_end";
/// The moments at which lasting effects may end (Engine::end_lasting).
enum class Moment : uint8_t { TurnStart, TurnEnd, BattleEnd, GameEnd };
/// A lasting effect started by g:effect: definition `effect` (CardSet::lasting) for card `card`.
struct Lasting {
  uint8_t card = kNone;   // `this`: the card whose ability started it; kNone: a house rule
  uint8_t effect = 0;     // index into CardSet::lasting
  uint8_t uid = 0;        // distinct among the effects lasting now (a trigger due names it)
  uint8_t nfields = 0;    // fields of data
  uint32_t ends = 0;      // it ends at the end of turn number `ends` (BoardCore::turns), or kUntilBattleEnd
  Until until = Until::TurnEnd;  // what g:effect said (OwnNext*: at `player`'s first turn after `started`)
  uint8_t player = kNone;  // data.player: the player whose ability started it (kNone: a house rule)
  uint32_t started = 0;    // BoardCore::turns when it started
  uint32_t started_turn = 0;  // data.started_turn: g:turn_number() when it started
  DataType type[kMaxEffectData] = {};
  uint16_t key[kMaxEffectData] = {};  // interned field names
  int32_t value[kMaxEffectData] = {};  // an integer, 0/1, a card index or a theater id
  bool operator==(const Lasting&) const = default;
};

/// Where the sequence of turns and battles stands when no ability is left to resolve.
enum class Step : uint8_t {
  Action,        // the player to act chooses a turn action
  AfterAction,   // the turn's action has resolved: its turn_end abilities are next
  TurnEnded,     // turn_end abilities resolved: the battle ends, or the next turn starts
  TurnStarting,  // turn_start abilities resolved: the player acts
  BattleDecided, // battle_end triggers resolved: VP are scored
  BattleStarting // battle_start hook resolved: the 1st player's turn starts
};
constexpr int kMaxDue = 48;  // abilities due at once

struct LastBattle {
  uint32_t number = 0;   // 0: no battle finished yet
  uint8_t winner = 0;
  uint8_t withdrew = 0;  // 1: ended by a withdrawal, 0: played out
  uint16_t reason = 0;   // the interned reason a battle_over hook gave (API 3), 0: none
  int32_t vp = 0;
  bool operator==(const LastBattle&) const = default;
};

/// One battle decided, as g:battles() gives it (API 4): kept in Board::history.
struct BattleRecord {
  uint32_t number = 0;
  uint8_t winner = 0;
  uint8_t first = 0;     // the battle's 1st player
  uint8_t withdrew = 0;  // 1: ended by a withdrawal
  uint8_t pad = 0;
  uint16_t reason = 0;   // a battle_over hook's reason (interned), 0: none
  int32_t vp = 0;
  int32_t scores[2] = {0, 0};  // after it
  bool operator==(const BattleRecord&) const = default;
};
constexpr int kMaxHistory = 32;  // battles g:battles() keeps: the most recent

/// Knowledge by deduction (knowledge.h): a player knows that the cards `cards` (identities, one
/// bit each) lie among the cards `places` (one bit each: the card objects standing where those
/// identities may be, followed as they move). Always cards ⊆ places, neither empty, and no bit of
/// either known to that player.
struct Deduction {
  uint64_t cards = 0;
  uint64_t places = 0;
  bool operator==(const Deduction&) const = default;
};
constexpr int kMaxDeductions = 3;  // deductions a player keeps at once (more are merged: knowledge.h)

/// The board less its queue of abilities due and its location index: what an ability's snapshot
/// keeps. (While an ability runs the queue only grows, so the board's first `qlen` entries are the
/// snapshot's; the index follows from card[].)
struct BoardCore {
  CardLoc card[kMaxCards];
  uint8_t ncards = 0;
  uint8_t ntheaters = 0;
  uint8_t order[kMaxTheaters] = {};  // theater ids, left to right
  uint8_t pos[kMaxTheaters] = {};    // theater id -> position
  uint8_t first = 0;       // the player holding the 1st-player Supreme Commander
  uint8_t turn = 0;        // the player whose turn it is
  Phase phase = Phase::Playing;
  uint8_t winner = kNone;  // once the game is over
  uint32_t battle = 1;     // (32 bits: a rule may make battles of one action, up to max_actions)
  int32_t score[2] = {0, 0};  // at most 2 * kMaxVp: rules bound the target and every battle's VP
  int32_t seq_top = 0;     // next seq for the top of the deck (decreasing)
  int32_t seq_next = 1;    // next seq for any other placement (increasing)
  uint64_t known[2] = {0, 0};  // bit c: the player knows card c's identity (ruling 28)
  // What the verbs g:allow_anywhere and g:extra_turn grant a player (any card or rule may call
  // them; docs/modding.md): their next play may deploy to a non-matching theater ("next_play");
  // their next turn's plays may (1 armed, 2 during that turn: "next_turn"); extra turns owed.
  uint8_t anywhere_next_play[2] = {0, 0};
  uint8_t anywhere_turn[2] = {0, 0};
  uint8_t extra_turns[2] = {0, 0};
  uint8_t resume = kNone;                   // who acts after an extra turn (the normal next player)
  int16_t tokens[2][kMaxTheaters] = {};     // supply tokens per side and theater id (+1 each)
  uint8_t qlen = 0;                         // abilities due (Board::queue)
  Step step = Step::Action;
  uint8_t end_winner = 0, end_withdrew = 0, end_cards_left = 0;  // the battle being decided
  uint16_t end_reason = 0;  // ... and the reason its battle_over hook gave (interned, 0 none)
  LastBattle last;
  uint32_t turns = 0;       // turns begun in this game (lasting effects end by it; 32 bits: past max_actions)
  uint32_t battle_from = 0;  // `turns` when this battle began (turn_number(), API 4)
  uint8_t nhistory = 0;     // battles in Board::history (API 4)
  uint16_t game_reason = 0;  // the reason a game_over hook ended the game with (interned, 0 none; API 4)
  uint32_t names = 0;       // the game's table of names (GameNames; 0: the engine's own)
  uint8_t ncounters = 0;    // counters set (the first ncounters of counters[]; the rest zero)
  uint8_t nlasting = 0;     // lasting effects (the first nlasting of Board::lasting; the rest default)
  uint8_t next_uid = 0;     // the next Lasting::uid
  // Lasting effects ended by g:end_effect (API 6), a bit by index into Board::lasting: they act
  // no more, and leave the list at the next moment effects end (an ability only adds to the list,
  // so a snapshot's mask is restored with the core).
  uint16_t ended_lasting = 0;
  uint8_t rng_lent = 0;     // 1 while a script run holds the game's generator (game_rng)
  uint8_t ndeduced[2] = {0, 0};  // deductions each player keeps (knowledge.h)
  /// The game's random generator, held by one owner at a time: this board, except while a script
  /// run holds it (Runtime::run lends it with lend_rng and gives it back with take_back_rng; the
  /// verbs draw from AbilityCtx::rng meanwhile). A draw from the board's copy then would be
  /// overwritten as the run ends, so game_rng() throws std::logic_error while it is lent.
  Rng& game_rng() {
    if (rng_lent) [[unlikely]]
      throw std::logic_error("the game's random generator is lent to a script run: draw from AbilityCtx::rng");
    return rng_;
  }
  /// The generator's state, to read (digests, a read-only call's copy).
  const Rng& rng_state() const { return rng_; }
  /// Lends the generator to a script run: its state, the board's copy unusable until given back.
  Rng lend_rng() {
    Rng r = game_rng();
    rng_lent = 1;
    return r;
  }
  /// The generator back from a script run, as the run left it.
  void take_back_rng(const Rng& r) { rng_ = r, rng_lent = 0; }
  Rng rng_;                 // (through game_rng: one owner at a time)
  Counter counters[kMaxCounters] = {};  // copy_core copies only the ones set
  // Each player's deductions (knowledge.h): the first ndeduced[p], the rest zero. Last: copy_core
  // copies them only where either board keeps one.
  Deduction deduced[2][kMaxDeductions] = {};
  bool operator==(const BoardCore&) const = default;  // every field, unused array slots included
  /// The turns begun in this battle: 1 at its first turn, 0 before it (g:turn_number, API 4).
  int turn_number() const { return static_cast<int>(turns - battle_from); }
  /// Whether lasting effect `i` (an index into Board::lasting) was ended by g:end_effect.
  bool lasting_ended(int i) const { return (ended_lasting >> i) & 1; }
};

/// Copies `src` into `dst` exactly (afterwards dst == src, unused slots included) reading only the
/// counters set, and the deductions only where either keeps one: unused counter and deduction
/// slots are zero in every board (invariants the verbs and knowledge.h keep).
inline void copy_core(BoardCore& dst, const BoardCore& src) {
  const int old = dst.ncounters;
  const bool deductions = (dst.ndeduced[0] | dst.ndeduced[1] | src.ndeduced[0] | src.ndeduced[1]) != 0;
  std::memcpy(static_cast<void*>(&dst), &src, offsetof(BoardCore, counters) + src.ncounters * sizeof(Counter));
  if (old > src.ncounters)
    std::memset(static_cast<void*>(dst.counters + src.ncounters), 0, static_cast<size_t>(old - src.ncounters) * sizeof(Counter));
  if (deductions) [[unlikely]]
    std::memcpy(static_cast<void*>(dst.deduced), src.deduced, sizeof src.deduced);
}

/// Everything on the table and in the players' memory, but no ability in progress.
struct Board : BoardCore {
  Due queue[kMaxDue] = {};                  // abilities due, first due first (ruling 11)
  // Lasting effects (API 3). Like the queue, they only grow while an ability runs (they end
  // between abilities), so a snapshot keeps their number only.
  Lasting lasting[kMaxLasting] = {};
  // The battles decided (API 4), oldest first: the first nhistory. They change only between
  // abilities (when a battle is scored), so a snapshot keeps their number only.
  BattleRecord history[kMaxHistory] = {};
  bool operator==(const Board&) const = default;  // every field, unused array slots included

  /// Back to an ability's snapshot: the core as it was, the queue and the lasting effects cut
  /// back to their lengths then (the slots past them set back to their defaults), the
  /// index recomputed.
  void restore(const BoardCore& snapshot) {
    for (int i = snapshot.nlasting; i < nlasting; ++i) lasting[i] = Lasting{};
    for (int i = snapshot.qlen; i < qlen; ++i) queue[i] = Due{};
    copy_core(*this, snapshot);
    reindex();
  }
  /// Whether every unused slot of the queue, the lasting effects, the counters and the deductions holds its
  /// default value (the invariant copy_state relies on; the simulation tests check it).
  bool tails_ok() const {
    for (int i = qlen; i < kMaxDue; ++i)
      if (!(queue[i] == Due{})) return false;
    for (int i = nlasting; i < kMaxLasting; ++i)
      if (!(lasting[i] == Lasting{})) return false;
    for (int i = ncounters; i < kMaxCounters; ++i)
      if (!(counters[i] == Counter{})) return false;
    for (int i = nhistory; i < kMaxHistory; ++i)
      if (!(history[i] == BattleRecord{})) return false;
    for (int p = 0; p < 2; ++p)
      for (int i = ndeduced[p]; i < kMaxDeductions; ++i)
        if (!(deduced[p][i] == Deduction{})) return false;
    return true;
  }
  /// Removes the first ability due (the queue keeps its unused slots at their default).
  Due pop_due() {
    Due d = queue[0];
    std::memmove(static_cast<void*>(queue), queue + 1, static_cast<size_t>(--qlen) * sizeof(Due));
    queue[qlen] = Due{};
    return d;
  }

  // ---- an index of card locations, so the hot path never walks every card ----
  // Bit c of each mask: card c is in that zone / belongs to player 2 / is in that theater. Kept by
  // reindex(c) after every change to card[c]'s zone, owner or theater (reindex() for all).
  uint64_t zone_bits[5] = {};
  uint64_t owner2 = 0;
  uint64_t theater_bits[kMaxTheaters] = {};

  void reindex(int c) {
    // Every mask is rewritten the same way (no partial stores that a later wide load would
    // have to wait for).
    const uint64_t bit = uint64_t{1} << c;
    const CardLoc& l = card[c];
    for (int z = 0; z < 5; ++z)
      zone_bits[z] = (zone_bits[z] & ~bit) | (static_cast<uint64_t>(static_cast<int>(l.zone) == z) << c);
    for (int t = 0; t < kMaxTheaters; ++t)
      theater_bits[t] = (theater_bits[t] & ~bit) | (static_cast<uint64_t>(l.theater == t) << c);
    owner2 = (owner2 & ~bit) | (static_cast<uint64_t>(l.owner != 0) << c);
  }
  void reindex() {
    uint64_t z[5] = {}, t[kMaxTheaters] = {}, o = 0;
    for (int c = 0; c < ncards; ++c) {
      const CardLoc& l = card[c];
      const uint64_t bit = uint64_t{1} << c;
      z[static_cast<int>(l.zone)] |= bit;
      if (l.theater < kMaxTheaters) t[l.theater] |= bit;
      if (l.owner) o |= bit;
    }
    std::memcpy(zone_bits, z, sizeof z);
    std::memcpy(theater_bits, t, sizeof t);
    owner2 = o;
  }
  /// Whether the index matches card[] (the simulation tests check it after every action).
  bool index_ok() const {
    Board copy = *this;
    copy.reindex();
    return copy == *this;
  }
  uint64_t in_zone(Zone z) const { return zone_bits[static_cast<int>(z)]; }
  uint64_t owned_by(int player) const { return player ? owner2 : ~owner2; }
  uint64_t in_hand(int player) const { return zone_bits[static_cast<int>(Zone::Hand)] & owned_by(player); }
  /// The cards before `card` in its zone's order (seq): in a hand, the cards held before it; in
  /// the deck, the cards above it (a place a player who cannot identify the card names it by).
  int place_in_zone(int card) const {
    const CardLoc& l = this->card[card];
    const uint64_t zone = l.zone == Zone::Hand ? in_hand(l.owner) : zone_bits[static_cast<int>(l.zone)];
    int k = 0;
    for (uint64_t m = zone; m; m &= m - 1) k += this->card[__builtin_ctzll(m)].seq < l.seq;
    return k;
  }
  /// Player p's cards in a theater (any order).
  uint64_t in_stack(int player, int theater) const {
    return zone_bits[static_cast<int>(Zone::Board)] & owned_by(player) & theater_bits[theater];
  }
  /// Both players' cards in a theater.
  uint64_t in_theater(int theater) const { return zone_bits[static_cast<int>(Zone::Board)] & theater_bits[theater]; }
};

constexpr int kMaxOptions = 160;  // options of one decision (choose_play in a big hand is the most)
constexpr int kMaxAnswers = 48;
static_assert(kMaxAnswers <= 64, "Resolution keeps the answers' kinds as bits of a uint64_t");

enum class DecisionKind : uint8_t { Turn, Card, Theater, Play, Option };
constexpr int kMaxOptionTexts = 8;  // texts of one g:choose_option question (API 4)
constexpr int kMaxTurnActions = 8;  // turn actions the turn_actions hooks offer at one turn (API 5)
/// A decision's kind as scenarios and `als serve` name it: "turn", "card", "theater", "play", "option".
constexpr const char* decision_kind_name(DecisionKind k) {
  constexpr const char* kNames[] = {"turn", "card", "theater", "play", "option"};
  return kNames[static_cast<int>(k)];
}

/// A decision's options are encoded: Card -> card index, Theater -> theater id, Play -> a
/// PlayOption's code, Option -> the text's place in the script's list (0 the first); kNone is
/// the "none" option. A decision keeps them as a set, one bit each
/// (option_bit); Engine::options lists them in the plain string order of their omniscient texts.
constexpr int kPlayBits = 2 * kMaxCards * kMaxTheaters;  // every (face, card, theater) of a play
constexpr int kNoneBit = kPlayBits;
constexpr int kOptionWords = (kPlayBits + 1 + 63) / 64;

/// One option of a Play decision (g:choose_play, ruling 26): a card played to a theater, faceup
/// (deploy) or facedown (improvise). The only place its encodings are written and read: as a
/// decision option (`code`: facedown << 15 | card << 8 | theater) and as a bit of the option
/// set (`bit`: (facedown * kMaxCards + card) * kMaxTheaters + theater).
struct PlayOption {
  uint8_t card = 0;
  uint8_t theater = 0;
  bool facedown = false;
  static constexpr PlayOption decode(uint16_t code) {
    return {static_cast<uint8_t>((code >> 8) & 0x7f), static_cast<uint8_t>(code & 0xff), (code >> 15) != 0};
  }
  static constexpr PlayOption from_bit(int bit) {
    return {static_cast<uint8_t>(bit / kMaxTheaters % kMaxCards), static_cast<uint8_t>(bit % kMaxTheaters),
            bit >= kMaxCards * kMaxTheaters};
  }
  constexpr uint16_t code() const { return static_cast<uint16_t>((facedown ? 1 << 15 : 0) | (card << 8) | theater); }
  constexpr int bit() const { return ((facedown ? 1 : 0) * kMaxCards + card) * kMaxTheaters + theater; }
  /// The same card with another card's identity (determinizations swap cards).
  constexpr PlayOption with_card(uint8_t c) const { return {c, theater, facedown}; }
};

inline int option_bit(DecisionKind kind, uint16_t o) {
  if (o == kNone) return kNoneBit;
  if (kind != DecisionKind::Play) return o;
  return PlayOption::decode(o).bit();
}

/// A decision inside an ability.
struct Decision {
  uint8_t player = 0;
  DecisionKind kind = DecisionKind::Turn;
  uint8_t card = kNone;     // Reinforce's drawn card, shown with the decision
  uint8_t about = kNone;    // the card the question is about, for players' prompts (Transport's move)
  uint8_t n = 0;            // options in the set
  uint16_t prompt = 0;      // what the question is for: an interned text (API 3 `prompt`), 0 none
  uint16_t texts = 0;       // an Option decision's texts: one interned name, joined by '\n' (Engine::option_texts)
  // The ability asking, the innermost running (with immediate instants, one nested in the
  // outermost, Resolution::due): its card (kNone: a hook), which ability, a lasting effect's uid.
  // Derived from the snapshot and the answers, as the rest of the decision: not in the digest.
  uint8_t asker = kNone;
  What asker_what = What::Instant;
  uint8_t asker_effect = kNone;
  uint64_t opts[kOptionWords] = {};  // bit option_bit(kind, o): o is an option
  bool operator==(const Decision&) const = default;
  bool has(uint16_t o) const {
    int b = option_bit(kind, o);
    return (opts[b >> 6] >> (b & 63)) & 1;
  }
  /// Sets the options (valid for `kind`; repeats count once).
  void set_options(const uint16_t* o, int count) {
    std::memset(opts, 0, sizeof opts);
    int distinct = 0;
    for (int i = 0; i < count; ++i) {
      const int b = option_bit(kind, o[i]);
      const uint64_t bit = uint64_t{1} << (b & 63);
      distinct += (opts[b >> 6] & bit) == 0;
      opts[b >> 6] |= bit;
    }
    n = static_cast<uint8_t>(distinct);
  }
};

/// The ability being resolved, while it waits for an answer. It is resumed by re-running the
/// ability from `snapshot` (the board when it began) with the answers given so far.
struct Resolution {
  uint8_t active = 0;
  Due due;               // the outermost ability running
  uint8_t nanswers = 0;
  uint16_t answers[kMaxAnswers] = {};
  uint32_t events = 0;   // events the runs so far emitted (a re-run does not emit them again)
  // Bit i: answer i chose a card (card_answers) or a play (play_answers): what a determinization
  // renames with the cards (Engine::sample). Bits at or past nanswers are stale.
  uint64_t card_answers = 0, play_answers = 0;
  Decision pending;
  BoardCore snapshot;    // the board when it began (its queue: the first snapshot.qlen of b's)
  bool operator==(const Resolution&) const = default;
};

struct State {
  Board b;        // the board as it stands now (mid-ability: as far as the ability got)
  Resolution r;
  bool operator==(const State&) const = default;
};

static_assert(std::is_trivially_copyable_v<State>, "State must stay a plain value");
// The sizes docs/design.md gives ("State is a value"): change both together.
static_assert(sizeof(BoardCore) == 840 && sizeof(Board) == 3000 && sizeof(State) == 4072,
              "the state's size changed: update docs/design.md, \"State is a value\" and \"Layers\"");
static_assert(std::is_standard_layout_v<BoardCore> && std::is_standard_layout_v<Resolution>, "offsetof is used");

/// Copies `src` into `dst` exactly (afterwards dst == src), reading only the used parts of the
/// lists (the queue, the lasting effects, the counters, a snapshot's counters): about a third of
/// a whole copy in a typical game. Both states must keep unused slots at their default values
/// (Board::tails_ok), as every engine operation does.
inline void copy_state(State& dst, const State& src) {
  Board& d = dst.b;
  const Board& b = src.b;
  for (int i = b.qlen; i < d.qlen; ++i) d.queue[i] = Due{};
  for (int i = b.nlasting; i < d.nlasting; ++i) d.lasting[i] = Lasting{};
  std::memcpy(static_cast<void*>(d.queue), b.queue, b.qlen * sizeof(Due));
  std::memcpy(static_cast<void*>(d.lasting), b.lasting, b.nlasting * sizeof(Lasting));
  if (b.nhistory | d.nhistory) [[unlikely]] {  // (battles decided: from the second battle on)
    for (int i = b.nhistory; i < d.nhistory; ++i) d.history[i] = BattleRecord{};
    std::memcpy(static_cast<void*>(d.history), b.history, b.nhistory * sizeof(BattleRecord));
  }
  copy_core(d, b);
  std::memcpy(d.zone_bits, b.zone_bits, sizeof d.zone_bits);
  std::memcpy(d.theater_bits, b.theater_bits, sizeof d.theater_bits);
  d.owner2 = b.owner2;
  std::memcpy(static_cast<void*>(&dst.r), &src.r, offsetof(Resolution, snapshot));
  copy_core(dst.r.snapshot, src.r.snapshot);
}

/// Whether two states are the same position: equal in everything but the number of their game's
/// names table (each game has a table of its own, so two games' numbers differ; whether their
/// names read the same is the engine's to say: Engine::names).
inline bool same_position(const State& x, const State& y) {
  State a = x, b = y;
  a.b.names = b.b.names = a.r.snapshot.names = b.r.snapshot.names = 0;
  return a == b;
}

/// A player's action. Choose answers a card/theater decision with an encoded option;
/// a "play" decision is answered by a Deploy or Improvise.
struct alignas(8) Action {  // 8 bytes, aligned: lists of actions are copied as whole words
  // Rule: the turn action number `option` (from 0) a turn_actions hook offers (API 5).
  enum Type : uint8_t { Deploy, Improvise, Withdraw, Choose, Rule } type = Withdraw;
  uint8_t card = kNone;
  uint8_t theater = kNone;
  uint16_t option = kNone;
  bool operator==(const Action&) const = default;
};

}  // namespace als
