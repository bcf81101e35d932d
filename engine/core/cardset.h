// Card sets and global rules, as loaded from Lua (`cards/<set>/set.lua`, one `<id>.lua` per card,
// and house-rule scripts). Everything here is plain data the C++ core reads on its hot path:
// ongoing abilities are declarations (docs/modding.md, "Ongoing abilities"), so strength,
// control and legal plays never call Lua.
#pragma once
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace als {

constexpr int kMaxCards = 48;     // cards in a set
constexpr int kMaxTheaters = 6;   // theaters in a battle
constexpr int kNone = 255;        // "no card", "no theater", "none" option
constexpr size_t kMaxParams = 64;       // params a set and its rules declare (Rules::params)
constexpr double kMaxParam = 1e9;       // a param's value lies in [-kMaxParam, kMaxParam]
constexpr int kMaxVp = 10'000;  // the highest VP target, battle VP or chart entry a rule may set
constexpr int kMaxTokens = 1000;  // supply tokens on one side of a theater
constexpr int kMaxGameActions = 10'000'000;  // the highest max_actions a rule may set
constexpr int kMaxAbilitiesPerAction = 1000;  // abilities resolved for one action (endless chains)

/// A card's kind: Triggered (API 3) is a card whose only ability is its triggers.
enum class Kind : uint8_t { None, Instant, Ongoing, Triggered };
/// The kind's name in a card file and in texts ("none" for a card without ability).
inline const char* kind_name(Kind k) {
  return k == Kind::Instant ? "instant" : k == Kind::Ongoing ? "ongoing" : k == Kind::Triggered ? "triggered" : "none";
}

/// Which cards an ongoing strength effect reaches (docs/modding.md).
enum class Target : uint8_t {
  CoveredByThis,   // cards below the effect's card in its owner's stack (Cover Fire, ruling 7)
  OwnFacedown,     // the owner's facedown cards anywhere (Escalation, ruling 6)
  OwnFaceup,       // the owner's faceup cards anywhere
  OwnInTheater,    // the owner's cards in the effect's theater, the card itself included
  AllFacedown,     // every facedown card, both players'
};

/// Which theaters an effect reaches, relative to the theater of the effect's card.
enum class Scope : uint8_t { Same, Adjacent, Other, All };

/// One declarative ongoing effect; active while its card is faceup on the board (ruling 10).
struct Effect {
  enum Type : uint8_t {
    StrengthBonus,   // +amount to the owner's total in theaters of `scope` (Support, ruling 9)
    SetStrength,     // cards of `target` have strength `amount` (Cover Fire, Escalation)
    AddStrength,     // cards of `target` get +amount (after SetStrength)
    PlayAnywhere,    // the owner may deploy cards of printed strength <= amount anywhere (Aerodrome)
    DestroyPlays,    // destroy a card played under the conditions below (Containment, Blockade)
    Count
  } type;
  Target target = Target::CoveredByThis;
  Scope scope = Scope::All;
  int amount = 0;
  // DestroyPlays conditions: all that are set must hold.
  bool facedown_only = false;   // only facedown plays (Containment)
  int occupied_at_least = -1;   // the theater already holds at least this many cards (Blockade)
  int who = 0;                  // 0 any player's play, 1 the owner's only, 2 the opponent's only
};

/// The names of Effect::Type in a card's `ongoing` table (`effect = "bonus"`), in its order.
inline constexpr const char* kEffectNames[Effect::Count] = {"bonus", "set_strength", "add_strength", "play_anywhere",
                                                            "destroy_plays"};

/// One card of a set. `ability` is a Lua registry reference held by the set's script runtime.
struct CardDef {
  std::string id;
  std::string name;
  std::string type;      // a theater name ("air"), or anything for a card that matches none
  int type_theater = kNone;  // index into Rules::theaters (set by the Engine)
  int strength = 0;
  Kind kind = Kind::None;
  std::string text;
  std::string file;      // the script's path, for messages
  bool has_ability = false;   // an instant ability exists (an instant's; API 6: an ongoing card's too)
  // bit k: an `instead` function for Instead(k), about itself while faceup (API 6). (Here, in the
  // padding before `effects`: CardDef stays 224 bytes, which the hot paths index by shifts.)
  uint8_t instead = 0;
  std::vector<Effect> effects;
  uint8_t fns = 0;            // bit i: the card has ongoing function Fn(i) (API 2; abilities.h)
  uint16_t triggers = 0;      // bit i: the card has a trigger for What(Played + i) (API 2)
  uint16_t hand_triggers = 0; // bit i: a hand trigger for What(Played + i), active while in its owner's hand (API 5)
  bool copies = false;        // a `copies` function: while faceup, the ongoing effects and triggers of another card (API 5)
  bool own_may_play = false;  // a `may_play` function of its own: the terms of its own play (API 6)
};

/// A lasting effect a card file (or a house rule) declares in its `effects` table (API 3,
/// docs/modding.md, "Effects that last"): started by g:effect, it acts through its functions and
/// triggers until it ends. The scripts keep the functions; the core reads which there are.
struct LastingDef {
  int card = 255;          // the declaring card's index; 255 (kNone): a house rule's
  std::string name;
  uint8_t fns = 0;         // bit i: it has ongoing function Fn(i)
  uint16_t triggers = 0;   // bit i: it has a trigger for What(Played + i)
  uint8_t instead = 0;     // bit k: it replaces Instead(k) events of any card (API 6)
};

/// The house-rule hooks (docs/modding.md): the acting ones first, in the order of their What
/// values (event_kinds.h), then the answering ones. Deal is API 4's; TurnActions, API 5's, is
/// asked (read-only) for the actions it offers and acts through the one taken.
enum class Hook : uint8_t { BattleStart, TurnStart, TurnEnd, Deal, TurnActions, BattleOver, BattleWinner, BattleVp, GameOver, Count };
static_assert(static_cast<int>(Hook::Count) <= 16, "Rules::hooks keeps one bit a hook");

/// Global-rule parameters a card set's `set.lua` or a house-rule script may set
/// (docs/modding.md, "Rules"). Defaults are the Revised Edition's.
struct Rules {
  int vp_target = 12;          // first to this many VP wins the game (RB; ruling 27)
  int battle_vp = 6;           // VP for a battle played out (RB)
  // VP the opponent scores when a player withdraws, by cards left in the withdrawer's hand;
  // chart[0] is on the 1st player's Supreme Commander, chart[1] on the 2nd's. The last entry
  // applies to that many cards or more (ruling 27).
  std::vector<int> withdraw_chart[2] = {{6, 4, 3, 3, 2}, {6, 6, 4, 3, 3, 2}};
  int hand_size = 6;           // cards dealt to each player per battle
  int facedown_strength = 2;   // ruling 6
  bool immediate_instants = false;   // true: an Instant revealed mid-ability resolves at once (original)
  bool interrupt_flipped = false;    // true: an Instant flipped facedown mid-resolution stops (original)
  bool flip_covered = true;          // false: abilities may never flip a covered card (original)
  int rotation = 1;            // between battles the rightmost theater moves to the far left, this many times
  std::vector<std::string> theaters;  // theater names left to right before battle 1's random order
  bool random_theater_order = true;   // battle 1 shuffles the theaters (ruling 2)
  uint8_t instead = 0;  // bit k: some rule has an `instead` function for Instead(k) (API 6; every set; Scripts::rule_instead)
  // A game not over after this many actions is stopped ("stopped: no end after N actions"): a
  // house rule under which no battle ends, or nobody withdraws, cannot run forever. Games of the
  // bundled sets and rules took 24 to 85 actions in 20,000 random ones.
  int max_actions = 10'000;
  uint16_t hooks = 0;                 // bit Hook: the rules have that hook function
  uint16_t triggers = 0;              // bit i: some rule has a trigger for What(Played + i) (API 6; every set)
  // How many rules have each acting hook (battle_start, turn_start, turn_end, deal, in Hook's
  // order): each is queued in turn, in the rules' order (rules compose, docs/modding.md).
  uint8_t acting[4] = {0, 0, 0, 0};
  // Tunable numbers the set and its house rules declare (`params = { name = value }`), in the
  // order declared, each with its value as loaded (--param, a spec's ?name=value); g:param reads them.
  std::vector<std::pair<std::string, double>> params;
  bool has(Hook h) const { return (hooks >> static_cast<int>(h)) & 1; }
};

struct CardSet {
  std::string name;
  std::string dir;
  int api = 1;
  std::vector<std::string> theaters;  // as set.lua names them (house rules may change Rules::theaters)
  std::vector<CardDef> cards;
  std::unordered_map<std::string, int> index;  // id -> card index
  std::vector<LastingDef> lasting;  // lasting effects the cards and house rules declare (API 3)
  /// Card index for an id, or -1.
  int find(const std::string& id) const {
    auto it = index.find(id);
    return it == index.end() ? -1 : it->second;
  }
};

}  // namespace als
