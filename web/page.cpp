// The page als web serves: one file, its style and script inline (no build step, nothing fetched
// from elsewhere). It renders the messages of web_game.h and sends the actions clicked. Every text
// from the game goes in as text (textContent), never as markup: card sets are untrusted.
#include "server.h"

namespace als::web {

namespace {
constexpr const char* kPage = R"PAGE(<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Air, Land &amp; Sea</title>
<link rel="icon" href="data:,">
<style>
  :root { --bg:#1d2b22; --panel:#26382c; --ink:#eef2ea; --dim:#a9b8a6; --you:#6fb3ff; --opp:#ff8a6f;
          --air:#8fc7ff; --land:#c9a36b; --sea:#5fb0a8; }
  * { box-sizing:border-box; }
  body { margin:0; font:15px/1.35 system-ui, sans-serif; background:var(--bg); color:var(--ink); }
  header { display:flex; flex-wrap:wrap; gap:.4em 1.2em; align-items:center; padding:.5em .8em; background:#13201a; }
  header b { font-size:1.1em; }
  header .grow { flex:1; }
  button { font:inherit; border:0; border-radius:6px; padding:.35em .7em; cursor:pointer; background:#3e5a46; color:var(--ink); }
  button:hover { background:#4f7358; }
  button.act { background:#2d6cdf; }
  button.act:hover { background:#3b7cf0; }
  button.withdraw { background:#8a3b2e; }
  main { padding:.6em; display:grid; gap:.6em; grid-template-columns: 1fr 18em; }
  @media (max-width: 800px) { main { grid-template-columns: 1fr; } }
  .theaters { display:grid; grid-template-columns: repeat(3, 1fr); gap:.5em; }
  .theater { background:var(--panel); border-radius:8px; padding:.4em; min-width:0; }
  .theater h3 { margin:0 0 .3em; font-size:1em; display:flex; flex-wrap:wrap; justify-content:space-between; gap:0 .5em; }
  .theater .ctl { font-size:.8em; font-weight:normal; color:var(--dim); }
  .theater.air h3 { color:var(--air); } .theater.land h3 { color:var(--land); } .theater.sea h3 { color:var(--sea); }
  .side { min-height:3.2em; display:flex; flex-direction:column; gap:2px; }
  .side.opp { flex-direction:column-reverse; border-bottom:1px dashed #4a5d4e; padding-bottom:.3em; margin-bottom:.3em; }
  .held { font-size:.85em; color:var(--dim); }
  .card { background:#f4efe2; color:#222; border-radius:6px; padding:.25em .4em; border-left:6px solid #999; }
  .card.air { border-color:var(--air); } .card.land { border-color:var(--land); } .card.sea { border-color:var(--sea); }
  .card.down { background:#58685b; color:#e9efe5; border-color:#333; }
  .card.covered { opacity:.75; font-size:.85em; }
  .card .name { font-weight:600; }
  .card .str { float:right; font-weight:700; }
  .card .text { font-size:.82em; color:#444; }
  .card.down .text { color:#cfd8cb; }
  .hand { display:flex; flex-wrap:wrap; gap:.5em; }
  .hand .card { width:13em; cursor:pointer; }
  .hand .card.chosen { outline:3px solid #2d6cdf; }
  .plays { display:flex; flex-wrap:wrap; gap:.25em; margin-top:.3em; align-items:center; }
  .plays .label { font-size:.8em; color:#555; }
  .hand button.act { padding:.2em .45em; font-size:.85em; }
  .panel { background:var(--panel); border-radius:8px; padding:.5em .6em; }
  .panel h4 { margin:.1em 0 .3em; }
  .since li { margin:.1em 0; }
  #question { border:2px solid #2d6cdf; }
  #result { font-size:1.2em; border:2px solid #e0c14d; }
  #error { color:#ffb3a6; min-height:1.2em; }
  .you { color:var(--you); } .opp { color:var(--opp); }
  .muted { color:var(--dim); }
  table.chart { border-collapse:collapse; font-size:.8em; margin-top:.3em; color:var(--dim); }
  table.chart th, table.chart td { padding:0 .35em; text-align:center; font-weight:normal; }
  table.chart tr.mine { color:var(--ink); font-weight:600; }
  #tutorial { border:2px solid #6fb3ff; }
  #tutorial h4 { margin:.1em 0 .3em; }
  #tutorial p { margin:.3em 0; }
  #tutorial .goal { font-weight:600; color:var(--you); }
  #review ol { margin:.3em 0; padding-left:2.4em; }
  #review li { margin:.15em 0; }
  #review .mark { font-weight:600; }
  #review [data-mark=best] .mark, #review [data-mark=good] .mark { color:#8fd18f; }
  #review [data-mark=inaccuracy] .mark { color:#e0c14d; }
  #review [data-mark=mistake] .mark { color:#ffab5c; }
  #review [data-mark=blunder] .mark { color:#ff7a6b; }
  #review .battle-end { list-style:none; margin-left:-2.4em; color:var(--dim); }
</style>
</head>
<body>
<header>
  <b>Air, Land &amp; Sea</b>
  <span id="score"></span><span id="battle"></span><span id="first"></span>
  <span class="grow"></span>
  <span id="status" class="muted">connecting…</span>
  <select id="level" title="the computer's level for the next game" hidden></select>
  <button id="tutorial-button" data-command="tutorial" title="the rules step by step, in one battle" hidden>Tutorial</button>
  <button id="new-game" data-command="new_game">New game</button>
</header>
<main>
  <section>
    <div id="tutorial" class="panel" hidden></div>
    <div class="theaters" id="theaters"></div>
    <div id="pass" class="panel" hidden></div>
    <div id="question" class="panel" hidden></div>
    <div id="result" class="panel" hidden></div>
    <div id="review" class="panel" hidden></div>
    <div id="error"></div>
    <div class="plays" id="tools">
      <button id="hint" data-command="hint">Hint</button>
      <button id="undo" data-command="undo">Take back</button>
      <span id="takebacks" class="muted"></span>
    </div>
    <ol id="hint-lines" class="panel" hidden></ol>
    <h4>Your hand</h4>
    <div class="hand" id="hand"></div>
    <div class="plays" id="other"></div>
  </section>
  <aside>
    <div class="panel"><h4>Last moves</h4><ul class="since" id="since"></ul></div>
    <div class="panel"><h4>Battles</h4><ul id="battles"></ul></div>
    <div class="panel" id="withdraw"></div>
  </aside>
</main>
<script>
"use strict";
const params = new URLSearchParams(location.search);
let ws = null, last = null, chosen = null, retry = 0;
const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; };
const $ = id => document.getElementById(id);

function connect() {
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?token=" + encodeURIComponent(params.get("token") || ""));
  ws.onopen = () => { retry = 0; $("status").textContent = "connected"; };
  ws.onmessage = ev => {
    const m = JSON.parse(ev.data);
    if (m.type === "error") { $("error").textContent = m.message; $("hint").disabled = false; return; }
    if (m.type === "hint") { showHint(m.lines); return; }
    if (m.type === "review") { showReview(m); return; }
    if (m.type === "pass") { last = m; passTo(m); return; }
    if (m.type === "state") {
      $("error").textContent = m.log_error ? "the record could not be written: " + m.log_error : "";
      last = m; render(m);
    }
  };
  ws.onclose = ev => {  // reconnects where it left off: the server holds the game
    $("status").textContent = "reconnecting…";
    if (ev.code === 1009) $("error").textContent = "the server closed the connection: a message was far too big";
    setTimeout(connect, Math.min(5000, 250 * 2 ** retry++));
  };
}
function send(m) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(m)); }

// A card as the seat knows it: "id", "~id" (facedown, known) or "~?"/"?" (not known to this seat).
function cardEl(m, shown, strength, covered) {
  const down = shown.startsWith("~"), id = down ? shown.slice(1) : shown, def = m.cards[id];
  const c = el("div", "card" + (down ? " down" : "") + (covered ? " covered" : "") + (def ? " " + def.type : ""));
  c.dataset.card = def ? id : "?";
  c.append(el("span", "str", strength === undefined ? "" : String(strength)));
  c.append(el("div", "name", def ? def.name + (down ? " (facedown)" : "") : "facedown card"));
  if (def && def.text && !covered) c.append(el("div", "text", (def.kind !== "-" ? def.kind + ": " : "") + def.text));
  return c;
}
function actionButton(a, label) {
  const b = el("button", "act" + (a.kind === "withdraw" ? " withdraw" : ""), label);
  b.dataset.action = a.action;
  b.onclick = () => { send({type: "act", action: a.action}); };
  return b;
}
function render(m) {
  const v = m.view, me = m.seat - 1, opp = 1 - me;
  document.body.dataset.actions = m.actions;  // (a test reads which state the page shows)
  document.body.dataset.game = m.game;
  $("pass").hidden = true;
  $("hint-lines").hidden = true; $("hint-lines").replaceChildren();  // (a hint is for the decision it was asked at)
  $("hint").disabled = m.to_act !== m.seat || !!m.result;
  $("undo").disabled = !m.can_undo;
  $("takebacks").textContent = m.takebacks ? `takebacks: ${m.takebacks}` : "";
  document.body.dataset.seat = m.seat;
  const lv = $("level"); lv.hidden = !m.levels;
  if (m.levels && lv.options.length !== m.levels.length) {
    lv.replaceChildren(...m.levels.map(n => { const o = el("option", "", n); o.value = n; return o; }));
  }
  if (m.levels && m.levels.includes(m.level) && document.activeElement !== lv) lv.value = m.level;
  $("score").textContent = `VP: you ${v.score[me]}, opponent ${v.score[opp]} (${v.vp_target} to win)` +
    (m.level ? ` · against ${m.level}` : "");
  $("battle").textContent = `battle ${v.battle}`;
  $("first").textContent = `1st player: ${v.first - 1 === me ? "you" : "the opponent"}`;
  $("status").textContent = m.result ? "game over" : m.tutorial && m.tutorial.over ? "the tutorial is over" : m.to_act === m.seat ? (m.one_screen ? `player ${m.seat}'s decision` : "your decision")
    : "the opponent is thinking…";
  const th = $("theaters"); th.replaceChildren();
  v.theaters.forEach((name, i) => {
    const t = el("div", "theater " + name);
    t.dataset.theater = name;
    const h = el("h3");
    h.append(el("span", "", name), el("span", "", `you ${v.strength[me][i]} : ${v.strength[opp][i]} opp`),
             el("span", "ctl", v.controller[i] - 1 === me ? "yours" : "the opponent's"));
    t.append(h);
    for (const who of [opp, me]) {
      const side = el("div", "side " + (who === me ? "you" : "opp"));
      const stack = v.board[who][name], strengths = m.strengths[who][i];
      stack.forEach((s, k) => side.append(cardEl(m, s, strengths[k], k < stack.length - 1)));
      t.append(side);
    }
    th.append(t);
  });
  // The hand: each card with its plays on it (a click marks the card chosen).
  const plays = {}; const other = [];
  for (const a of m.legal) (a.card ? (plays[a.card] = plays[a.card] || []).push(a) : other.push(a));
  const hand = $("hand"); hand.replaceChildren();
  v.hands[me].forEach(id => {
    const c = cardEl(m, id, m.cards[id] ? m.cards[id].strength : undefined, false);
    if (chosen === id) c.classList.add("chosen");
    c.onclick = () => { chosen = id; render(last); };
    // "deploy land", then "improvise: air land sea": the theater is the last word of the text
    const p = el("div", "plays");
    for (const a of (plays[id] || []).filter(a => a.kind === "deploy")) p.append(actionButton(a, "deploy " + a.text.split(" ").pop()));
    const imp = (plays[id] || []).filter(a => a.kind === "improvise");
    if (imp.length) p.append(el("span", "label", "improvise:"));
    for (const a of imp) p.append(actionButton(a, a.text.split(" ").pop()));
    c.append(p);
    hand.append(c);
  });
  const q = $("question"); q.replaceChildren(); q.hidden = !m.question;
  if (m.question) {
    q.append(el("div", "", m.question.prompt || ("The " + m.question.ability + " asks you to choose:")));
    const p = el("div", "plays");
    for (const a of other.filter(a => a.kind === "choose")) p.append(actionButton(a, a.text));
    q.append(p);
  }
  const o = $("other"); o.replaceChildren();
  for (const a of other.filter(a => a.kind !== "choose" && a.kind !== "withdraw")) o.append(actionButton(a, a.text));
  const w = $("withdraw"); w.replaceChildren();
  w.append(el("div", "muted", `withdrawing now: the opponent scores ${v.withdraw_vp} VP`));
  w.append(chartTable(m.chart, v.first - 1 === me ? 0 : 1));
  for (const a of other.filter(a => a.kind === "withdraw")) w.append(actionButton(a, "Withdraw"));
  const since = $("since"); since.replaceChildren();
  for (const s of m.since) since.append(el("li", "", s));
  if (!m.since.length) since.append(el("li", "muted", "nothing since your last decision"));
  const battles = $("battles"); battles.replaceChildren();
  for (const b of m.battles) battles.append(el("li", "", `battle ${b.number}: ${b.winner - 1 === me ? "you" : "the opponent"} +${b.vp} VP (${b.reason})`));
  showTutorial(m);
  const r = $("result"); r.replaceChildren(); r.hidden = !m.result;
  if (m.result) {
    const won = m.result.winner === m.seat;
    r.dataset.result = won ? "won" : "lost";
    r.append(el("div", "", (won ? "You win " : "The opponent wins ") + `${m.result.score[me]}–${m.result.score[opp]}.`));
    const again = el("button", "", "New game"); again.onclick = newGame;
    const review = el("button", "", "Review the game"); review.dataset.command = "review";
    review.onclick = () => { review.disabled = true; const p = $("review"); p.hidden = false;
                             p.replaceChildren(el("div", "muted", "reviewing (a search at each of your decisions)…")); send({type: "review"}); };
    r.append(again, " ", review);
  } else { delete r.dataset.result; $("review").hidden = true; $("review").replaceChildren(); }
}
// The review of the finished game: every step as this page's seat saw it, each of its decisions
// marked as als review marks it ("yours" against the search's best), battle by battle.
function showReview(m) {
  const p = $("review"); p.replaceChildren(); p.hidden = false;
  const pct = x => Math.round(x * 100) + "%";
  const figures = c => (c.game === null ? "" : `game ${pct(c.game)}, `) + `battle ${pct(c.battle)}`;
  const t = m.tally, plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  p.append(el("h4", "", "Review"));
  const tally = el("div", "", `${plural(t.best, "best", "best")}, ${plural(t.good, "good", "good")}, ` +
    `${plural(t.inaccuracy, "inaccuracy", "inaccuracies")}, ${plural(t.mistake, "mistake", "mistakes")}, ${plural(t.blunder, "blunder", "blunders")}` +
    (m.more ? ` (${m.more} more decisions not reviewed)` : "") + (last && last.takebacks ? ` · takebacks: ${last.takebacks}` : ""));
  tally.id = "review-tally"; p.append(tally);
  const list = el("ol"); let battle = 0, ends = 0;
  const who = n => last && !last.one_screen ? (n === last.seat ? "you" : "the opponent") : `player ${n}`;
  for (const s of m.steps) {
    if (s.battle !== battle && battle && m.battles[ends]) {
      const b = m.battles[ends++];
      list.append(el("li", "battle-end", `battle ${b.number}: ${who(b.winner)} +${b.vp} VP (${b.reason})`));
    }
    battle = s.battle;
    const li = el("li"); li.value = s.n;
    li.append(el("span", "", `${who(s.player)}: ${s.text}`));
    if (s.mark) {
      li.dataset.mark = s.mark;
      li.append(" — ", el("span", "mark", s.mark));
      const bad = s.mark !== "best" && s.mark !== "good";
      li.append(el("span", "muted", bad ? `: yours ${figures(s.yours)} vs the best ${figures(s.best)}; better: ${s.best.text}`
                                        : ` (${figures(s.yours)})`));
    }
    list.append(li);
  }
  for (; ends < m.battles.length; ++ends) {
    const b = m.battles[ends];
    list.append(el("li", "battle-end", `battle ${b.number}: ${who(b.winner)} +${b.vp} VP (${b.reason})`));
  }
  p.append(list);
}
// The withdrawal chart: VP the opponent scores by the cards left in the withdrawer's hand, for the
// 1st player and the 2nd, the row of this seat's role now marked.
function chartTable(chart, mine) {
  const t = el("table", "chart"); t.id = "chart";
  const n = Math.max(chart[0].length, chart[1].length);
  const head = el("tr"); head.append(el("th", "", "cards left"));
  for (let k = 0; k < n; k++) head.append(el("th", "", k === n - 1 ? `${k}+` : String(k)));
  t.append(head);
  ["as 1st", "as 2nd"].forEach((label, r) => {
    const row = el("tr", r === mine ? "mine" : ""); row.append(el("th", "", label));
    for (let k = 0; k < n; k++) row.append(el("td", "", String(chart[r][Math.min(k, chart[r].length - 1)])));
    t.append(row);
  });
  return t;
}
// The tutorial's step (its text, what it asks for, "Begin" where it only explains), or its end.
function showTutorial(m) {
  $("tutorial-button").hidden = !m.levels || m.seat !== 1 || !!m.one_screen;
  const t = $("tutorial"); t.replaceChildren(); t.hidden = !m.tutorial;
  if (!m.tutorial) { delete t.dataset.tutorial; return; }
  const s = m.tutorial;
  t.dataset.tutorial = s.over ? "over" : s.step;
  if (s.over) {
    t.append(el("h4", "", "The end of the tutorial"));
    const won = m.battles.length && m.battles[0].winner === m.seat;
    const how = m.battles.length ? (m.battles[0].reason === "control" ? "by control" : m.battles[0].reason === "withdraw" ?
      (won ? "the opponent withdrew" : "you withdrew") : m.battles[0].reason) : "";
    t.append(el("p", "", (won ? "You won the battle: " : "The battle went to the opponent: ") + how + "."));
    t.append(el("p", "", s.end));
    const again = el("button", "act", "New game"); again.dataset.command = "new_game"; again.onclick = newGame;
    t.append(again);
    return;
  }
  t.append(el("h4", "", `Tutorial, step ${s.step} of ${s.steps}: ${s.title}`));
  for (const p of s.text) t.append(el("p", "", p));
  if (s.goal) t.append(el("p", "goal", "Now: " + s.goal + "."));
  else { const b = el("button", "act", "Begin"); b.dataset.command = "tutorial_next"; b.onclick = () => send({type: "tutorial_next"}); t.append(b); }
}
// Hot seat on one screen, between turns: nothing of either hand is on the page (the server sent
// none) until the next player asks to see theirs.
function passTo(m) {
  document.body.dataset.actions = m.actions;
  document.body.dataset.seat = "";
  for (const id of ["theaters", "hand", "other", "since", "battles", "withdraw", "hint-lines", "question", "result"]) $(id).replaceChildren();
  $("question").hidden = $("result").hidden = $("hint-lines").hidden = true;
  delete $("result").dataset.result;
  $("hint").disabled = $("undo").disabled = true;
  $("status").textContent = `player ${m.to}'s turn`;
  const p = $("pass"); p.replaceChildren(); p.hidden = false;
  p.append(el("div", "", `Pass the screen to player ${m.to}.`));
  const show = el("button", "act", `Show player ${m.to}'s hand`);
  show.dataset.command = "show";
  show.onclick = () => send({type: "show"});
  p.append(show);
}
// The hint: the search's best, highest chance first, each with a button that plays it.
function showHint(lines) {
  const h = $("hint-lines"); h.replaceChildren(); h.hidden = false; $("hint").disabled = false;
  if (!lines.length) h.append(el("li", "muted", "no hint now"));
  const pct = x => Math.round(x * 100) + "%";
  for (const l of lines) {
    const li = el("li", "", `${l.text}: battle ${pct(l.battle)}, game ${l.game === null ? "? (few tries)" : pct(l.game)} `);
    li.append(actionButton({action: l.action, kind: "hint"}, "play"));
    h.append(li);
  }
}
$("hint").onclick = () => { $("hint").disabled = true; $("hint-lines").hidden = false; $("hint-lines").replaceChildren(el("li", "muted", "thinking…")); send({type: "hint"}); };
$("undo").onclick = () => send({type: "undo"});
$("tutorial-button").onclick = () => { if (!last || last.result || last.tutorial || confirm("Leave this game for the tutorial?")) send({type: "tutorial"}); };
// A new game, at the level chosen beside the button (where a computer plays).
const newGame = () => send(last && last.levels ? {type: "new_game", level: $("level").value} : {type: "new_game"});
$("new-game").onclick = () => { if (!last || last.result || confirm("Abandon this game and start a new one?")) newGame(); };
connect();
</script>
</body>
</html>
)PAGE";
}  // namespace

const std::string& page_html() {
  static const std::string page = kPage;
  return page;
}

}  // namespace als::web
