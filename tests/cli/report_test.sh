#!/usr/bin/env bash
# als compare --report opened in a real browser (headless Chromium, Debian's package): it renders
# with no console message, every plot is there and drawn, nothing is fetched, and at a phone's
# width nothing runs off the page. Usage: report_test.sh ALS SRC. Skipped (77) when Chromium is
# not installed, unless ALS_REQUIRE_CHROMIUM=1 (./bootstrap.sh test installs it and sets it).
source "$(dirname "$0")/harness.sh" "$@"
cd "$tmp"
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  echo "chromium is not installed"
  [ "${ALS_REQUIRE_CHROMIUM:-0}" = 1 ] && exit 1 || exit 77
fi
browse() {  # browse WIDTH FILE ARGS...: headless Chromium on a file, its log on stderr
  local width=$1 file=$2; shift 2
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
    --user-data-dir="$tmp/profile" --enable-logging=stderr --v=0 --hide-scrollbars \
    --window-size="$width,900" "$@" "file://$tmp/$file"
}

ex="$src/docs/examples/frontier"
"$als" compare standard standard+beginner standard+long-war --games 800 --seed 1 --report r.html > /dev/null
expect_rc 0 $? "compare --report"
# the per-card plots name cards as a person reads them (issue 53): "Super Battleship", not the id
grep -q '>Super Battleship</text>' r.html && grep -q '>Air Maneuver</text>' r.html && ! grep -q '>super_battleship</text>' r.html &&
  ok || bad "card names in the report"
"$als" compare "$ex" "$ex+$ex/rules/blitz.lua" --games 200 --seed 1 --report blitz.html > /dev/null
expect_rc 0 $? "compare --report with end reasons"

# Round 2: labels, two agents, targets, the skill gap, and a variant whose every game fails.
luck="$src/tests/sets/rules/first_player_wins.lua"
fails="$src/tests/hostile/rules/always_fails.lua"
"$als" compare standard "luck=standard+$luck" "dead=standard+$fails" --agents greedy,random --skill random,greedy \
  --target first_player_battle_win_rate=0.5 --target cards.support.faceup_win_rate=median --games 200 --seed 2 \
  --report r2.html > /dev/null 2>&1
expect_rc 1 $? "compare --report, round 2 (a variant fails: exit 1)"

# als sweep's reports: one param (measure and distance against the value), two (a heat map).
T="$src/docs/examples/tuning"
"$als" sweep "$T+$T/rules/momentum.lua" --param momentum_vp=0..6 --target vp_per_battle=6.5 --games 800 --seed 3 \
  --report s1.html > /dev/null; expect_rc 0 $? "sweep --report"
"$als" sweep "$T+$T/rules/momentum.lua" --param medic_strength=2..4 --param momentum_vp=0..3 --target decisiveness=0.7 \
  --games 100 --seed 3 --report s2.html > /dev/null; expect_rc 0 $? "sweep --report, two params"

for page in r.html blitz.html r2.html s1.html s2.html; do
  # Self-contained: no script, no stylesheet or image or font fetched from anywhere.
  grep -qi '<script' "$page" && bad "$page has a script" || ok
  grep -oE '(src|href)="[^"]*"|url\([^)]*\)|@import' "$page" | head -3 | grep -q . && bad "$page fetches something" || ok

  browse 1024 "$page" --dump-dom > dom.html 2> console.log
  expect_rc 0 $? "chromium opened $page"
  grep -E 'CONSOLE|Uncaught|Failed to load|net::ERR' console.log && bad "$page: console messages" || ok
  case "$page" in s1.html) plots="plot-measure plot-distance";; s2.html) plots="plot-heat-map";;
    *) plots="plot-measures plot-battles plot-actions plot-vp plot-end-reasons plot-cards-faceup plot-cards-facedown";; esac
  python3 - dom.html $plots <<'PY' && ok || bad "$page: plots missing from the rendered page"
import re, sys
dom = open(sys.argv[1]).read()
for plot in sys.argv[2:]:
    m = re.search(r'<figure class="plot" id="%s">(.*?)</figure>' % plot, dom, re.S)
    assert m, plot
    body = m.group(1)
    assert "<svg" in body and "viewBox" in body, plot
    marks = len(re.findall(r"<(circle|rect|polygon|polyline|path|line)\b", body))
    assert marks >= (4 if plot == "plot-end-reasons" else 10), (plot, marks)
if "sweep" in dom.split("</h1>")[0]:
    assert "Best: " in dom and "Every value" in dom
    if "plot-measure" in sys.argv[2:]:  # the target's dashed line, and the racing's dropped values drawn hollow
        m = re.search(r'id="plot-measure">(.*?)</figure>', dom, re.S).group(1)
        assert 'stroke-dasharray="5 3"' in m and ">target<" in m
        assert "dropped after" in m
    sys.exit(0)
assert "What changed" in dom
PY
  if [ "$page" = r2.html ]; then
    python3 - dom.html <<'PY' && ok || bad "$page: round 2's sections"
import re, sys
dom = open(sys.argv[1]).read()
ids = re.findall(r'<figure class="plot" id="([^"]+)"', dom)
assert len(ids) == len(set(ids)), "plot ids repeat"
# each agent's plots, the second's ids suffixed
for plot in ["plot-measures", "plot-battles", "plot-cards-faceup"]:
    assert plot in ids and plot + "-2" in ids, plot
# a plot a target and agent, each with its dashed target line (the median's: a tick a variant)
for k in ("1", "2"):
    for suffix in ("", "-2"):
        m = re.search(r'<figure class="plot" id="plot-target-%s%s">(.*?)</figure>' % (k, suffix), dom, re.S)
        assert m, (k, suffix)
        assert 'stroke-dasharray' in m.group(1) and "Nearest first" in m.group(1), (k, suffix)
        assert "dead" in m.group(1) and "n/a (no data)" in m.group(1)
m = re.search(r'id="plot-measures">(.*?)</figure>', dom, re.S).group(1)
assert ">target<" in m and "stroke-dasharray=\"5 3\"" in m, "no target line in the measures plot"
assert "Do the agents agree?" in dom and 'class="agreement"' in dom
assert "Skill gap" in dom and 'class="skill"' in dom
assert re.search(r"<h1>(.*?)</h1>", dom).group(1) == "als compare: standard vs luck vs dead"  # the labels
assert re.search(r"Not shown: \d+ rows \(\d+ card measures not significantly different, \d+ with no difference at all, \d+ with no data\)", dom)
PY
  fi

  # A phone's width: the page laid out 390 px wide (headless Chromium's window is at least 500)
  # puts nothing past its right edge, but for the table, which scrolls inside its own box. A
  # copy with a probe writes the rightmost edge into the page.
  probe='<style>html{width:390px}</style><script>let w = 0; for (const e of document.body.querySelectorAll("*"))
    if (!e.closest("table")) w = Math.max(w, e.getBoundingClientRect().right);
    document.body.setAttribute("data-right", Math.ceil(w))</script></body>'
  python3 -c 'import sys; p = open(sys.argv[1]).read(); open("probe.html", "w").write(p.replace("</body>", sys.argv[2]))' \
    "$page" "$probe"
  browse 390 probe.html --dump-dom > probe.dom 2> /dev/null
  right=$(grep -o 'data-right="[0-9]*"' probe.dom | grep -o '[0-9]*')
  [ -n "$right" ] && [ "$right" -le 390 ] && ok || bad "$page at 390 px reaches ${right:-?} px"
done

# issue 51: a report that decides. At 1280x800 the first screen holds the verdict box, the full
# width of the page's column: each target's answer with its precision, the skill gap, the largest
# significant changes. The agreement table shows only the changes the agents do not all agree on,
# the cards' folded.
python3 - r2.html <<'PY' && ok || bad "r2.html: the verdict's contents"
import re, sys
page = open(sys.argv[1]).read()
box = re.search(r'<section class="verdict" id="verdict">(.*?)</section>', page, re.S).group(1)
items = re.findall(r"<li>(.*?)</li>", box, re.S)
targets = [i for i in items if i.startswith("<strong>first_player_battle_win_rate") or i.startswith("<strong>cards.support")]
assert len(targets) == 4, items  # two targets under two agents
assert all("not distinguishable" in i or "nearest" in i for i in targets), targets
assert any(i.startswith("Skill gap") and "luck" in i and "pts" in i for i in items), items
assert any("pts (" in i or re.search(r"<strong>[+-]", i) for i in items if not i.startswith("<strong>") and not i.startswith("Skill")), items
agree = page.split("Do the agents agree?", 1)[1].split("<h2>", 1)[0]
verdicts = re.findall(r"<td><strong>(agree|same way|unconfirmed|disagree)</strong></td></tr>", agree)
assert verdicts and set(verdicts) <= {"unconfirmed", "disagree"}, verdicts
first_table = agree.split("</table>", 1)[0]
assert "_rate</td>" not in first_table, "a card row outside the fold"
assert "<details" in agree and "on which they agree are not shown" in agree
PY
probe='<script>const b = document.getElementById("verdict").getBoundingClientRect();
  const h = document.querySelector("h1").getBoundingClientRect();
  document.body.setAttribute("data-verdict", [Math.ceil(b.bottom), Math.round(b.width), Math.round(h.width)].join(","))</script></body>'
python3 -c 'import sys; p = open(sys.argv[1]).read(); open("vprobe.html", "w").write(p.replace("</body>", sys.argv[2]))' r2.html "$probe"
timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions --user-data-dir="$tmp/profile" \
  --hide-scrollbars --window-size=1280,800 --dump-dom "file://$tmp/vprobe.html" > vprobe.dom 2> /dev/null
read -r bottom width column <<< "$(grep -o 'data-verdict="[0-9,]*"' vprobe.dom | grep -o '[0-9,]*' | tr ',' ' ')"
[ -n "$bottom" ] && [ "$bottom" -le 800 ] && [ "$width" -ge "$column" ] && ok ||
  bad "the verdict at 1280x800: bottom ${bottom:-?} px (800 at most), ${width:-?} px wide (the column: ${column:-?})"
browse 1280 r2.html --screenshot="$tmp/first-screen.png" > /dev/null 2>&1
[ "$(stat -c %s first-screen.png 2> /dev/null || echo 0)" -gt 20000 ] && ok || bad "the first screen's screenshot is missing or blank"

# A screenshot renders (the page is not blank): a PNG of some size
browse 390 r.html --screenshot="$tmp/phone.png" > /dev/null 2>&1
[ "$(stat -c %s phone.png 2> /dev/null || echo 0)" -gt 20000 ] && ok || bad "the phone screenshot is missing or blank"

summary
