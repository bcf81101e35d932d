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
"$als" compare "$ex" "$ex+$ex/rules/blitz.lua" --games 200 --seed 1 --report blitz.html > /dev/null
expect_rc 0 $? "compare --report with end reasons"

for page in r.html blitz.html; do
  # Self-contained: no script, no stylesheet or image or font fetched from anywhere.
  grep -qi '<script' "$page" && bad "$page has a script" || ok
  grep -oE '(src|href)="[^"]*"|url\([^)]*\)|@import' "$page" | head -3 | grep -q . && bad "$page fetches something" || ok

  browse 1024 "$page" --dump-dom > dom.html 2> console.log
  expect_rc 0 $? "chromium opened $page"
  grep -E 'CONSOLE|Uncaught|Failed to load|net::ERR' console.log && bad "$page: console messages" || ok
  python3 - dom.html <<'PY' && ok || bad "$page: plots missing from the rendered page"
import re, sys
dom = open(sys.argv[1]).read()
for plot in ["plot-measures", "plot-battles", "plot-actions", "plot-vp", "plot-end-reasons",
             "plot-cards-faceup", "plot-cards-facedown"]:
    m = re.search(r'<figure class="plot" id="%s">(.*?)</figure>' % plot, dom, re.S)
    assert m, plot
    body = m.group(1)
    assert "<svg" in body and "viewBox" in body, plot
    marks = len(re.findall(r"<(circle|rect|polygon|polyline|path|line)\b", body))
    assert marks >= (4 if plot == "plot-end-reasons" else 10), (plot, marks)
assert "What changed" in dom
PY

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

# A screenshot renders (the page is not blank): a PNG of some size
browse 390 r.html --screenshot="$tmp/phone.png" > /dev/null 2>&1
[ "$(stat -c %s phone.png 2> /dev/null || echo 0)" -gt 20000 ] && ok || bad "the phone screenshot is missing or blank"

summary
