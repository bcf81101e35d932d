# Sourced by the command-line checks (cli_test.sh, hostile_test.sh) with ALS and SRC as $1 and $2:
# the program and the source folder as absolute paths, the counters and the checks, a temporary
# folder removed at exit. Each script ends with summary.
set -u
unset COLUMNS LINES  # output into a pipe is laid out at 80 columns (als play reads them where it has no terminal)
als="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
src="$(cd "$2" && pwd)"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect_rc() { local want=$1 got=$2 what=$3; [ "$got" -eq "$want" ] && ok || bad "$what: exit $got, want $want"; }
summary() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# als play keeps a person's results at a terminal (cli/history.h): never in the tester's own home
export XDG_DATA_HOME="$tmp/xdg"
mkdir -p "$XDG_DATA_HOME"
