#!/usr/bin/env bash
# Sets up what is missing, then runs every test: formatting and lints, the engine's unit and integration
# tests (real SQLite files, the CLI binary, kill -9 recovery), the store again on a throwaway PostgreSQL
# cluster, generated bindings freshness, the UI type
# check and build, the browser end-to-end test against `sandtable serve` in headless Chromium, the Tauri
# window smoke test under Xvfb. (clippy --all-targets also compiles the benchmarks.)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/tools/setup.sh"
cd "$root"
step() { printf '\n==> %s\n' "$*"; }
start=$(date +%s)

# The desktop app embeds ui/dist when it compiles, so the UI is built before any cargo step.
step "UI: type check and build"
(cd ui && npm run check && npm run build)

step "format and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --features sandtable/specta -- -D warnings

step "engine: unit, integration and rules-conformance tests"
cargo test --workspace --features sandtable/specta

# A club's server keeps its store on PostgreSQL: the store's tests again, the schema comparison, the golden
# logs, kill -9 durability, members and seats, copies to and from it, and two servers on one database,
# against a throwaway cluster of Debian's PostgreSQL (stopped however this ends).
step "engine on PostgreSQL: the store, the two schemas, golden logs, kill -9, members, copies, two servers"
pg=$(mktemp -d -t sandtable-pg-XXXXXX)
chmod 755 "$pg"
trap 'tools/postgres.sh stop "$pg/cluster" 2>/dev/null || true; rm -rf "$pg"' EXIT
SANDTABLE_TEST_POSTGRES=$(tools/postgres.sh start "$pg/cluster")
export SANDTABLE_TEST_POSTGRES
cargo test --workspace --features sandtable/specta --lib store::tests:: -- --skip store::tests::guard --skip store::tests::open
cargo test --workspace --features sandtable/specta --test club_server --test club_members --test golden --test store_copy
cargo test --workspace --features sandtable/specta --test store_durability -- postgresql
# The cluster stays up for the browser tests: two servers on one database (tests/e2e/two-servers.test.mjs).

step "generated TypeScript bindings are fresh"
bash src-tauri/check-bindings.sh

# Both binaries, with the same features as the tests above, so nothing is rebuilt.
cargo build --workspace --features sandtable/specta

step "browser end-to-end test (headless Chromium against sandtable serve)"
(cd ui && npm run test:e2e)

tools/postgres.sh stop "$pg/cluster"
unset SANDTABLE_TEST_POSTGRES

step "desktop window smoke test (Tauri under Xvfb)"
bash tests/window/smoke.sh

echo
echo "all tests passed in $(( $(date +%s) - start )) s"
