#include "web_game.h"

#include <algorithm>
#include <stdexcept>

#include "agents.h"
#include "hint.h"
#include "jsonl.h"
#include "projection.h"
#include "protocol.h"
#include "question.h"
#include "texts.h"
#include "view.h"

namespace als::web {

using nlohmann::json;

WebGame::WebGame(const Engine& e, GameSetup setup) : e_(e), setup_(std::move(setup)), seed_(setup_.seed) { deal(); }

WebGame::~WebGame() = default;

void WebGame::deal() {
  tutorial_.reset();
  ++number_;
  for (int p = 0; p < 2; ++p) {
    agents_[p].reset();
    if (!human(p)) {
      if (std::string why = agent_spec_refusal(setup_.agents[p]); !why.empty()) throw std::invalid_argument(why);
      agents_[p] = make_agent(setup_.agents[p], seed_, p);
      if (!agents_[p]) throw std::invalid_argument("unknown agent '" + setup_.agents[p] + "' (agents: human, " + computer_agents() + ")");
    }
  }
  start_match(seed_, setup_.agents[0], setup_.agents[1], true);
}

void WebGame::start_match(uint64_t seed, const std::string& p1, const std::string& p2, bool recorded) {
  since_[0].clear(), since_[1].clear();
  shown_ = -1;
  undo_.clear();
  takebacks_ = 0;
  played_ = 0;
  battles_ = json::array();
  written_ = !recorded;
  rec_ = cli::Recorder();
  rec_.start(e_, setup_.data_dir, setup_.cards, setup_.rules, seed, p1, p2);
  m_ = std::make_unique<Match>(e_, seed, agents_[0].get(), agents_[1].get());
  m_->listen(&rec_);
  m_->listen(this);
  m_->start();
  run_computer();
}

std::string WebGame::new_game(const std::string& level) {
  if (!level.empty()) {
    const int computer = human(0) ? 1 : 0;
    bool known = false;
    for (const Level& l : levels()) known |= l.name == level;
    if (!known) return "'" + level.substr(0, 40) + "' is not a level (levels: " + level_names() + ")";
    if (human(computer)) return "both seats are people's: no computer to set a level for";
    setup_.agents[computer] = level;
  }
  if (!m_->over() && m_->abandoned().empty()) m_->abandon("a new game was started");
  if (!written_) write_record();
  ++seed_;
  deal();
  return "";
}

void WebGame::run_computer() {
  while (!m_->over() && m_->abandoned().empty() && m_->to_act() >= 0 && !human(m_->to_act()) && !(tutorial_ && tutorial_->over))
    m_->step();
  if ((m_->over() || !m_->abandoned().empty()) && !written_) write_record();
}

std::string WebGame::log_path() const {
  const std::string& f = setup_.log_file;
  if (f.empty() || number_ == 1) return f;
  const size_t dot = f.rfind('.'), slash = f.rfind('/');
  const bool ext = dot != std::string::npos && (slash == std::string::npos || dot > slash + 1);
  return ext ? f.substr(0, dot) + "-" + std::to_string(number_) + f.substr(dot) : f + "-" + std::to_string(number_);
}

std::string WebGame::write_record() {
  written_ = true;
  std::string err;
  if (!setup_.log_file.empty() && !rec_.write(log_path(), err)) return log_error_ = err;
  return "";
}

std::string WebGame::finish() {
  if (!m_->over() && m_->abandoned().empty()) m_->abandon("the server was stopped");
  return written_ ? "" : write_record();
}

void WebGame::on_start(const Match& m, const EventLog& opening) {
  start_ = m.state();
  steps_.clear();
  for (json& r : reviews_) r = nullptr;
  seen(opening, -1);
}

void WebGame::on_action(const Match&, int seat, const Action& a, const std::string&, const EventLog& log) {
  ++played_;
  steps_.push_back({seat, a});
  if (tutorial_ && !tutorial_->over)
    for (size_t i = 0; i < log.events.size(); ++i)
      if (log.events[i].type == Event::BattleEnd) {
        tutorial_->over = true;
        tutorial_->end = log.battle_ends.empty() ? m_->state() : log.battle_ends.front();
        break;
      }
  if (human(seat)) since_[seat].clear();  // the seat has decided: what came before is no longer news
  seen(log, seat);
}

// Each person's page keeps the other seat's steps (and what they caused), in its own words, until
// that person decides; a battle's start clears them (a new hand: nothing of the last one).
void WebGame::seen(const EventLog& log, int actor) {
  for (const Event& ev : log.events) {
    if (ev.type == Event::BattleEnd) battles_.push_back(cli::battle_json(ev));
    if (ev.type == Event::BattleStart) {
      since_[0].clear(), since_[1].clear();
      continue;
    }
    for (int q : {0, 1})
      if (human(q) && q != actor)
        if (std::string step = e_.text(Naming::Names).event_text(ev, q); !step.empty()) since_[q].push_back(step);
  }
}

json WebGame::message(int seat) {
  const bool tutorial_over = tutorial_ && tutorial_->over;
  const State& s = tutorial_over ? tutorial_->end : m_->state();  // (the tutorial's end: battle 1's last board)
  const Projection v = project(e_, s, seat);
  json msg = {{"type", "state"},
              {"game", number_},
              {"actions", played_},  // the actions of the game as it stands: the record's first N
              {"seat", seat + 1},
              {"view", cli::protocol::view_json(e_, v)},
              {"strengths", render_view(e_, v).card_strength},  // each card's, parallel to the view's board
              {"to_act", m_->over() || tutorial_over ? 0 : m_->to_act() + 1},
              {"since", since_[seat]},
              {"battles", battles_},
              {"cards", cli::protocol::card_table_json(e_)},
              // the withdrawal chart (the rules'): VP the opponent scores by the cards left in the
              // withdrawer's hand, [as the 1st player, as the 2nd], the last entry for that many or more
              {"chart", {e_.rules().withdraw_chart[0], e_.rules().withdraw_chart[1]}},
              {"opponent", setup_.agents[1 - seat]},
              {"level", human(1 - seat) ? json(nullptr) : json(setup_.agents[1 - seat])},
              {"takebacks", takebacks_},
              {"can_undo", !undo_.empty() && undo_.back().seat == seat && !m_->over() &&
                               undo_.back().state.b.battle == s.b.battle && m_->abandoned().empty()}};
  if (!human(1 - seat)) {
    json names = json::array();
    for (const Level& l : levels()) names.push_back(l.name);
    msg["levels"] = names;
  }
  json legal = json::array();
  if (tutorial_) {
    msg["tutorial"] = tutorial_json();
    if (tutorial_over) msg["view"]["score"] = project(e_, m_->state(), seat).score;  // (battle 1's VP, scored after its last board)
    msg["level"] = msg["opponent"] = "easy";
    msg["can_undo"] = false;
  }
  if (!m_->over() && m_->abandoned().empty() && !tutorial_over && m_->to_act() == seat) {
    std::vector<Action> acts = m_->legal();
    std::vector<std::string> texts;
    e_.text().order_for_viewer(s, seat, acts, &texts);  // as als serve lists them
    const Texts named = e_.text(Naming::Names);
    for (size_t i = 0; i < acts.size(); ++i) {
      const Action& a = acts[i];
      const bool play = a.type == Action::Deploy || a.type == Action::Improvise;
      legal.push_back({{"action", texts[i]},
                       {"text", named.action_text(s, a, seat)},
                       {"card", play ? json(e_.set().cards[a.card].id) : json(0)},  // (a card of the seat's own hand)
                       {"kind", a.type == Action::Deploy      ? "deploy"
                                : a.type == Action::Improvise ? "improvise"
                                : a.type == Action::Withdraw  ? "withdraw"
                                                              : "choose"}});
    }
    const Question q = render_question(e_, v, Naming::Names);
    if (q.asked) {
      json question = json::object();
      cli::protocol::add_question(question, q);
      msg["question"] = question;
    }
  }
  msg["legal"] = legal;
  if (m_->over()) msg["result"] = {{"winner", s.b.winner + 1}, {"score", {s.b.score[0], s.b.score[1]}}};
  if (!m_->abandoned().empty()) msg["abandoned"] = m_->abandoned();
  if (!log_error_.empty()) msg["log_error"] = log_error_;
  return msg;
}

std::string WebGame::act(int seat, const std::string& action) {
  if (m_->over()) return "the game is over (start a new one)";
  if (!m_->abandoned().empty()) return "the game was abandoned: " + m_->abandoned();
  if (m_->to_act() != seat) return "it is not your decision now";
  std::vector<Action> acts = m_->legal();
  std::vector<std::string> texts;
  e_.text().order_for_viewer(m_->state(), seat, acts, &texts);
  size_t k = 0;
  while (k < texts.size() && texts[k] != action) ++k;
  if (k == texts.size()) return "'" + action + "' is not a legal action now";
  bool turn = false;
  if (tutorial_)
    if (std::string why = tutorial_act(m_->state(), acts[k], turn); !why.empty()) return why;
  undo_.push_back({m_->state(), rec_.mark(), seat, since_[seat], played_});
  try {
    m_->apply(acts[k]);
  } catch (const ScriptError& err) {
    undo_.pop_back();
    return "that action was refused (a script failed: " + e_.text().message_for(m_->state(), seat, err.what()) + ")";
  } catch (const IllegalAction&) {
    undo_.pop_back();
    return "'" + action + "' is not a legal action now";
  }
  if (tutorial_) tutorial_->played |= turn;
  run_computer();
  if (tutorial_) tutorial_after();
  return "";
}

std::string WebGame::start_tutorial() {
  if (!human(0) || human(1) || setup_.one_screen) return "the tutorial is one person against the computer (als web with a computer for player 2)";
  if (!m_->over() && m_->abandoned().empty()) m_->abandon("the tutorial was started");
  if (!written_) write_record();
  deal_tutorial();
  return "";
}

void WebGame::deal_tutorial() {
  ++number_;
  agents_[0].reset();
  agents_[1] = make_agent("easy", kTutorialDeal, 1);  // (the registry's easy level, as als tutorial's)
  tutorial_ = std::make_unique<Tutorial>();
  tutorial_->steps = tutorial_steps(e_, TutorialFace{Naming::Names, true});
  start_match(kTutorialDeal, "human", "easy", false);  // (the tutorial is not recorded)
}

std::string WebGame::tutorial_next() {
  if (!tutorial_) return "no tutorial under way";
  Tutorial& t = *tutorial_;
  if (t.over || t.steps[t.step].goal) return "this step asks for a play";
  ++t.step;
  return "";
}

// Why the tutorial refuses `a` at `s` ("not this time: ..."), or "" (then `turn`: it is a turn's play).
std::string WebGame::tutorial_act(const State& s, const Action& a, bool& turn) {
  const Tutorial& t = *tutorial_;
  if (t.over) return "the tutorial is over: start a new game";
  const TutorialStep& st = t.steps[t.step];
  if (!st.goal) return "read this step, then click Begin";
  turn = e_.decision_kind(s) == DecisionKind::Turn;
  const std::string why = tutorial_refusal(st, e_, s, 0, a, agents_[1].get());
  return why.empty() ? "" : "not this time: " + why;
}

// A step ends with its play and that play's questions: at the person's next turn, the next step
// (the last step goes on to the battle's end).
void WebGame::tutorial_after() {
  Tutorial& t = *tutorial_;
  if (t.over || !t.played || t.steps[t.step].to_end || t.step + 1 >= t.steps.size()) return;
  if (m_->to_act() == 0 && e_.decision_kind(m_->state()) == DecisionKind::Turn) ++t.step, t.played = false;
}

json WebGame::tutorial_json() const {
  const Tutorial& t = *tutorial_;
  const TutorialStep& st = t.steps[t.step];
  json out = {{"step", t.step + 1}, {"steps", t.steps.size()}, {"title", st.title}, {"text", st.text},
              {"goal", st.goal ? json(st.goal) : json(nullptr)}, {"over", t.over}};
  if (t.over) out["end"] = tutorial_end(e_, st.face);
  return out;
}

std::string WebGame::undo(int seat) {
  if (tutorial_) return "the tutorial takes nothing back";
  if (!m_->abandoned().empty()) return "the game was abandoned";
  if (m_->over()) return "nothing to undo: the game is over";
  if (undo_.empty()) return "nothing to undo: this is your first decision";
  const Checkpoint& back = undo_.back();
  if (back.seat != seat) return "nothing to undo: the other player has played since your last decision";
  if (back.state.b.battle != m_->state().b.battle) return "nothing to undo: a new battle has begun since your last decision";
  m_->restore(back.state);
  rec_.undo(back.record, seat);
  since_[seat] = back.since;
  played_ = back.played;
  steps_.resize(static_cast<size_t>(played_));
  undo_.pop_back();
  ++takebacks_;
  return "";
}

json WebGame::hint(int seat) {
  if (m_->over() || !m_->abandoned().empty() || m_->to_act() != seat || (tutorial_ && tutorial_->over))
    return {{"type", "hint"}, {"lines", json::array()}};
  const State& s = m_->state();
  std::vector<Action> acts = m_->legal();
  InfoState info(e_, s, acts);
  auto search = make_agent(setup_.hint_agent, hint_seed_++, seat);
  std::vector<HintLine> lines = shown_hint(als::hint(dynamic_cast<SearchAgent&>(*search), info));
  std::vector<std::string> texts;
  e_.text().order_for_viewer(s, seat, acts, &texts);
  const Texts named = e_.text(Naming::Names);
  json out = json::array();
  for (const HintLine& h : lines) {
    const Action a = info.real(h.action);
    const size_t k = static_cast<size_t>(std::find(acts.begin(), acts.end(), a) - acts.begin());
    if (k == acts.size()) continue;
    out.push_back({{"action", texts[k]}, {"text", named.action_text(s, a, seat)}, {"battle", h.battle},
                   {"game", h.game_known ? json(h.game) : json(nullptr)}});
  }
  return {{"type", "hint"}, {"lines", out}};
}

namespace {
json chances_json(const HintLine& h) { return {{"battle", h.battle}, {"game", h.game_known ? json(h.game) : json(nullptr)}}; }
}  // namespace

std::string WebGame::review(int seat, json& out) {
  if (!m_->over()) return "the review is of a finished game: play this one to its end";
  json& kept = reviews_[seat == kScreen ? 2 : seat];
  if (!kept.is_null()) return out = kept, "";
  const int viewer = seat == kScreen ? -1 : seat;
  const Texts named = e_.text(Naming::Names);
  json steps = json::array(), battles = json::array();
  int tally[5] = {};
  size_t marked = 0, more = 0;
  std::vector<Action> legal;
  State s = start_;
  for (size_t i = 0; i < steps_.size(); ++i) {
    const auto& [player, a] = steps_[i];
    const Projection v = project(e_, s, viewer);
    const Question q = render_question(e_, v, Naming::Names);
    json st = {{"n", i + 1}, {"battle", v.battle}, {"player", player + 1},
               {"text", q.asked && q.hidden ? std::string("decides")
                                             : (q.asked ? "for " + q.ability + ": " : std::string()) +
                                                   named.action_text(s, a, a.type == Action::Deploy ? -1 : viewer)}};
    if ((viewer < 0 || viewer == player) && (e_.legal(s, legal), legal.size() > 1)) {
      if (marked == kMaxReviewed) {
        ++more;
      } else {
        ++marked;
        const DecisionReview r = review_decision(review_searches(setup_.hint_agent, seed_, i, player), e_, s, a);
        ++tally[static_cast<int>(r.mark)];
        st["mark"] = mark_name(r.mark);
        st["yours"] = chances_json(r.chosen);
        st["best"] = chances_json(r.best);
        st["best"]["text"] = named.action_text(s, r.best.action, player);
      }
    }
    steps.push_back(std::move(st));
    EventLog log;
    e_.apply(s, a, &log);
    for (const Event& ev : log.events)
      if (ev.type == Event::BattleEnd) battles.push_back(cli::battle_json(ev));
  }
  json counts = json::object();
  for (int k = 0; k < 5; ++k) counts[mark_name(static_cast<Mark>(k))] = tally[k];
  kept = {{"type", "review"}, {"steps", steps}, {"tally", counts}, {"more", more}, {"battles", battles}};
  out = kept;
  return "";
}

std::string WebGame::message_for(int seat) {
  if (seat != kScreen) return message(seat).dump();
  const bool playing = !m_->over() && m_->abandoned().empty() && m_->to_act() >= 0;
  if (playing && m_->to_act() != shown_)  // between turns: nothing of either hand on the screen
    return json{{"type", "pass"}, {"to", m_->to_act() + 1}, {"game", number_}, {"actions", played_}, {"one_screen", true}}.dump();
  json msg = message(shown_ >= 0 ? shown_ : 0);
  msg["one_screen"] = true;
  return msg.dump();
}

WebGame::Reply WebGame::receive(int seat, const std::string& text, size_t max_bytes, std::string& out) {
  if (text.size() > max_bytes)
    return out = "a message is at most " + std::to_string(max_bytes) + " bytes (this one: " + std::to_string(text.size()) + ")", Reply::Error;
  json m;  // (bounded as every untrusted JSON: nesting, repeated keys; engine/lab/jsonl.h)
  if (std::string why; !lab::parse_json(text, m, why)) return out = "a message is a JSON object (" + why + ")", Reply::Error;
  if (!m.is_object()) return out = "a message is a JSON object", Reply::Error;
  const auto type = m.find("type");
  if (type == m.end() || !type->is_string())
    return out = "a message needs a \"type\" string (act, undo, hint, review, new_game, tutorial, tutorial_next, state)", Reply::Error;
  const std::string t = *type;
  if (seat == kScreen) {  // the hot seat's page: the seat shown, once its player asked to see it
    if (t == "show") {
      if (m_->over() || m_->to_act() < 0) return out = "the game is over", Reply::Error;
      return shown_ = m_->to_act(), Reply::Changed;
    }
    if (t == "state") return out = message_for(seat), Reply::Resend;
    if (t == "review") {  // (the game is over: every card shown, both seats reviewed)
      json r;
      if (std::string why = review(kScreen, r); !why.empty()) return out = why, Reply::Error;
      return out = r.dump(-1, ' ', false, json::error_handler_t::replace), Reply::Resend;
    }
    if (t != "new_game" && (shown_ != m_->to_act() || shown_ < 0))
      return out = "pass the screen first: show player " + std::to_string(m_->to_act() + 1) + "'s hand", Reply::Error;
    seat = t == "new_game" ? 0 : shown_;
  }
  if (t == "state") return out = message_for(seat), Reply::Resend;
  if (t == "hint") return out = hint(seat).dump(), Reply::Resend;
  if (t == "review") {
    json r;
    if (std::string why = review(seat, r); !why.empty()) return out = why, Reply::Error;
    return out = r.dump(-1, ' ', false, json::error_handler_t::replace), Reply::Resend;
  }
  if (t == "new_game") {
    const auto level = m.find("level");
    if (level != m.end() && !level->is_string()) return out = "new_game's \"level\" is a string (" + level_names() + ")", Reply::Error;
    return (out = new_game(level == m.end() ? "" : level->get<std::string>())).empty() ? Reply::Changed : Reply::Error;
  }
  if (t == "undo") return (out = undo(seat)).empty() ? Reply::Changed : Reply::Error;
  if (t == "tutorial") return (out = start_tutorial()).empty() ? Reply::Changed : Reply::Error;
  if (t == "tutorial_next") return (out = tutorial_next()).empty() ? Reply::Changed : Reply::Error;
  if (t == "act") {
    const auto action = m.find("action");
    if (action == m.end() || !action->is_string()) return out = "act needs an \"action\" string", Reply::Error;
    return (out = act(seat, action->get<std::string>())).empty() ? Reply::Changed : Reply::Error;
  }
  return out = "unknown message type (act, undo, hint, review, new_game, tutorial, tutorial_next, state)", Reply::Error;
}

}  // namespace als::web
