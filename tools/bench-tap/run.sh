#!/usr/bin/env bash
# The tap-to-paint bench, by hand (not a test, not in CI): builds the UI into a scratch folder and the
# release CLI (unless SANDTABLE_BIN names one), then runs bench.mjs, which starts `sandtable serve` on its
# own scratch database through tests/e2e/harness.mjs. Arguments pick scenarios by a part of their path:
#
#   tools/bench-tap/run.sh                  # every shipped scenario
#   tools/bench-tap/run.sh zulu legation    # only those
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=$(mktemp -d -t bench-tap-XXXXXX)
trap 'rm -rf "$scratch"' EXIT

echo "building the UI into $scratch/ui" >&2
# Profiled (BENCH_TAP_PROFILE=1), unminified, so that the profile names the UI's own functions.
minify=()
[ -n "${BENCH_TAP_PROFILE:-}" ] && minify=(--minify false)
(cd "$root/ui" && npx vite build --outDir "$scratch/ui" --emptyOutDir --logLevel warn "${minify[@]}")

if [ -z "${SANDTABLE_BIN:-}" ]; then
  target=/tmp/bars-target
  echo "building the release CLI into $target" >&2
  (cd "$root" && CARGO_TARGET_DIR=$target CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo build --release --bin sandtable)
  # The target folder is shared with other worktrees' builds, which may replace its binary at any time:
  # this worktree's is copied out the moment it is built.
  cp "$target/release/sandtable" "$scratch/sandtable"
  SANDTABLE_BIN="$scratch/sandtable"
fi

SANDTABLE_BIN=$(realpath "$SANDTABLE_BIN") SANDTABLE_UI="$scratch/ui" node "$here/bench.mjs" "$@"
