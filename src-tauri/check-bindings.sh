#!/usr/bin/env bash
# Fails when ui/src/bindings.ts is not exactly what the app's commands export now. CI runs this; to
# refresh the file, run `cargo run -p sandtable-app -- --export-bindings` and commit the result.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cargo run --quiet -p sandtable-app -- --export-bindings "$tmp/bindings.ts" >/dev/null
fix='run `cargo run -p sandtable-app -- --export-bindings`'
if [[ ! -f ui/src/bindings.ts ]]; then
    echo "ui/src/bindings.ts is missing: $fix" >&2
    exit 1
fi
if ! diff -u --label 'ui/src/bindings.ts (committed)' --label 'ui/src/bindings.ts (exported now)' \
    ui/src/bindings.ts "$tmp/bindings.ts"; then
    echo "ui/src/bindings.ts is stale: $fix" >&2
    exit 1
fi
echo "ui/src/bindings.ts is fresh"
