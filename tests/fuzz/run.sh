#!/usr/bin/env bash
# Runs one fuzz target for a fixed number of inputs: run.sh TARGET RUNS SEED_DIR...
# New inputs go to a temporary folder; the seed folders are only read. Inputs are at most
# ALS_FUZZ_MAX_LEN bytes (4096 unless the target sets it). A crash or a timeout exits 1: libFuzzer's
# own codes (77 and 70) would read as "skipped" (77) to meson and hide a failure.
set -u
target=$1 runs=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
exec "$target" -runs="$runs" -seed=1 -max_len="${ALS_FUZZ_MAX_LEN:-4096}" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
  -error_exitcode=1 -timeout_exitcode=1 \
  "$work" "$@"
