#!/usr/bin/env bash
# Sets up what is missing, builds the UI and opens Sandtable in its desktop window.
# Without a display (a server, a tablet-only setup) it serves the app on http://127.0.0.1:8787 instead;
# `--lan` serves it to the local network so tablets at the table can join.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/tools/setup.sh"
cd "$root"
(cd ui && npm run build --silent)
if [ "${1:-}" != "--lan" ] && [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec cargo run --release -p sandtable-app
fi
host=127.0.0.1; [ "${1:-}" = "--lan" ] && host=0.0.0.0
exec cargo run --release --bin sandtable -- serve --host "$host" --ui ui/dist
