#!/usr/bin/env bash
# One command for everything (README): installs what the build needs from Debian's packages,
# builds `als`, then either starts a game (./bootstrap.sh play [als play options]; ./bootstrap.sh
# web [als web options]: in a browser, als-web built too) or runs every test (./bootstrap.sh test): the release build's suites, then the same suites and the fuzz
# targets in a sanitizer build (clang, AddressSanitizer + UndefinedBehaviorSanitizer).
set -euo pipefail
cd "$(dirname "$0")"

what="${1:-play}"
[ $# -gt 0 ] && shift

packages=(g++ pkg-config meson ninja-build liblua5.4-dev libboost-program-options-dev catch2
          libxxhash-dev nlohmann-json3-dev libedit-dev libsodium-dev)
# the sanitizer and fuzz build; a browser for the HTML report's test (tests/cli/report_test.sh) and,
# driven by Selenium, for als web's (tests/web/web_test.py);
# luacheck for the scripts' lint (tests/cli/editor_test.sh); the Python module and its tests
# (python/als, tests/python); PyTorch (CPU) for the learned value's training run
# (tests/python/test_value.py; never needed to play) with OpenBLAS, which Debian's torch then uses
# instead of the reference BLAS (19 times faster); GNU parallel for the shards' test
# (tests/cli/compare_test.sh); meson-python and venv for `pip install .`'s test (tests/cli/pip_test.sh)
[ "$what" = test ] && packages+=(clang libclang-rt-14-dev python3 chromium chromium-driver python3-selenium lua-check pybind11-dev python3-dev
                                 python3-numpy python3-pytest python3-torch libopenblas0-pthread parallel python3-mesonpy python3-venv)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "bootstrap: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# For a game: one line of progress instead of the build's log (kept in build-output.log, and its
# end shown if the build fails); the tests show the whole log.
quietly() {
  if [ "$what" != play ] && [ "$what" != web ]; then "$@" >&2; return; fi
  local log=build-output.log status
  set +e
  "$@" 2>&1 | tee -a "$log" | while IFS= read -r line; do
    if [[ $line =~ ^\[([0-9]+)/([0-9]+)\] ]] && [ -t 2 ]; then
      printf '\rbootstrap: building als, step %s of %s ' "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" >&2
    fi
  done
  status=${PIPESTATUS[0]}
  set -e
  [ -t 2 ] && printf '\n' >&2
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$log" >&2
    echo "bootstrap: the build failed; its whole log is in $log" >&2
    exit "$status"
  fi
}

if [ "$what" = play ] || [ "$what" = web ]; then
  rm -f build-output.log
  [ -x build/als ] || echo "bootstrap: building als, the first time about 60 seconds on two cores (seconds after)" >&2
fi
if [ ! -f build/build.ninja ]; then
  quietly meson setup build
elif [ "$what" = test ] && [ ! -d build/python/als ]; then
  meson setup --reconfigure build >&2  # set up before pybind11 and numpy were installed: find them now
fi
# A game needs only the program (the browser's game also its server, als-web); the tests need
# everything.
case "$what" in
  play) quietly meson compile -C build als ;;
  web) quietly meson compile -C build als als-web ;;
  *) meson compile -C build >&2 ;;
esac

case "$what" in
  play) exec build/als play "$@" ;;
  web) exec build/als web "$@" ;;
  test)
    status=0
    export ALS_REQUIRE_CHROMIUM=1  # the report's test fails, rather than skips, without a browser
    export ALS_REQUIRE_LUACHECK=1  # the editor test fails, rather than skips, without luacheck
    export ALS_REQUIRE_PYTHON=1    # the python test fails, rather than skips, without the module
    # 1. The release build: Catch2 (unit), the CLI end-to-end checks, the rule scenarios (rules).
    meson test -C build --print-errorlogs || status=$?
    # 2. The sanitizer build: the same suites, then each fuzz target for a fixed number of inputs.
    if [ ! -f build-sanitize/build.ninja ]; then
      # (one file at a time, unlike the release build's unity build: every file compiles alone)
      CXX=clang++ meson setup build-sanitize -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false \
        -Dbuildtype=debugoptimized -Dunity=off >&2
    fi
    meson compile -C build-sanitize >&2
    # Undefined behaviour fails the test it happens in (UBSan's default is to print and go on).
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
      meson test -C build-sanitize --print-errorlogs --timeout-multiplier 4 --logbase sanitize || status=$?
    python3 - build/meson-logs/testlog.json build-sanitize/meson-logs/sanitize.json <<'PY'
import json, sys
results = [json.loads(line)["result"] for f in sys.argv[1:] for line in open(f) if line.strip()]
print(f"{sum(r == 'OK' for r in results)} passed, {sum(r != 'OK' for r in results)} failed")
PY
    exit "$status" ;;
  build) ;;
  *) echo "usage: ./bootstrap.sh [play [options] | web [options] | test | build]" >&2; exit 2 ;;
esac
