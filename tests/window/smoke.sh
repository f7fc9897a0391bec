#!/usr/bin/env bash
# Desktop window smoke test: opens the real Sandtable window (Tauri 2 + WebKitGTK) under Xvfb with a
# fresh campaign database, waits for the window to be mapped and the UI to draw, takes a screenshot and
# fails unless the screenshot shows more than a blank or single-colour window.
#
# Needs: a built UI in ui/dist (tools/test-all.sh builds it first), xvfb (xvfb-run, Xvfb), x11-utils
# (xwininfo), xdotool, curl and imagemagick (import, convert), plus WebKitGTK 4.1 for the app itself.
# The screenshot and the app's output are kept in tests/window/out/ (window.png, app.log).
# SANDTABLE_APP=/path/to/sandtable-app tests that binary instead of building one with cargo.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$here/out"

# The host's switch on the games screen, pressed in the real window, starts the same server `sandtable
# serve --lan` runs inside the app: its own embedded pages and the shared commands answer on port 8437,
# and the machine's LAN address answers 401 without the join code.
open_the_table() {
    local port=8437 lan served
    # The switch sits at the header's right end: 266 px in from the 1366 px screen's edge, 38 px down.
    xdotool mousemove 1100 38 click 1
    for _ in $(seq 1 20); do
        served=$(curl -sf "http://127.0.0.1:$port/" || true)
        [[ -n "$served" ]] && break
        sleep 0.5
    done
    if [[ "$served" != *'id="app"'* ]]; then
        echo "smoke: the table switch opened no server with the app's pages on port $port; app output:" >&2
        cat "$out/app.log" >&2
        return 1
    fi
    if ! curl -sf -X POST -H 'content-type: application/json' -d '{}' "http://127.0.0.1:$port/api/list_scenarios" \
        | grep -q 'heliograph/jungle-patrol.toml'; then
        echo "smoke: the open table does not answer list_scenarios" >&2
        return 1
    fi
    lan=$(hostname -I 2>/dev/null | awk '{print $1}')
    if [[ -n "$lan" ]]; then
        local status
        status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'content-type: application/json' -d '{}' \
            "http://$lan:$port/api/list_games")
        if [[ "$status" != 401 ]]; then
            echo "smoke: another device without the join code was answered $status, not 401" >&2
            return 1
        fi
    fi
    sleep 1
    import -window root "$out/window-open.png"
    echo "smoke: the table switch opened the app's server on port $port (pages, commands; 401 without the code)"
}

# The part that runs inside the X server started below: `smoke.sh --in-xvfb APP`.
if [[ "${1:-}" == "--in-xvfb" ]]; then
    app=$2
    # Xvfb has no GPU and no DRM device. WebKitGTK 2.50 (Debian 12) notices and falls back by itself (the
    # test passes here without these), but other WebKitGTK versions and Mesa drivers have shown an empty
    # white page when they try accelerated compositing or the DMA-BUF renderer under Xvfb. So both are
    # turned off, and anything that still asks for GL gets Mesa's software renderer. Running as root needs
    # nothing more: WebKitGTK 4.1 does not start its bubblewrap sandbox unless asked to.
    export WEBKIT_DISABLE_COMPOSITING_MODE=1 WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1
    # No accessibility bus here; without this GTK waits for it and logs a warning at start.
    export NO_AT_BRIDGE=1
    "$app" >"$out/app.log" 2>&1 &
    pid=$!
    trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true' EXIT

    mapped=""
    for _ in $(seq 1 120); do # up to 60 s for the window to be mapped
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "smoke: sandtable-app exited before its window was mapped; its output:" >&2
            cat "$out/app.log" >&2
            exit 1
        fi
        if xwininfo -name Sandtable 2>/dev/null | grep -q 'Map State: IsViewable'; then
            mapped=yes
            break
        fi
        sleep 0.5
    done
    if [[ -z "$mapped" ]]; then
        echo "smoke: no window named Sandtable was mapped within 60 s; app output:" >&2
        cat "$out/app.log" >&2
        exit 1
    fi
    echo "smoke: window mapped"

    # The page draws a moment after the window maps: screenshot every second until it is not blank, for
    # up to 30 s, keeping the last one to look at when it never draws.
    for attempt in $(seq 1 30); do
        sleep 1
        import -window root "$out/window.png"
        sd=$(convert "$out/window.png" -format '%[fx:standard_deviation]' info:)
        colours=$(convert "$out/window.png" -format '%k' info:)
        if awk -v sd="$sd" -v k="$colours" 'BEGIN { exit !(sd > 0.02 && k > 64) }'; then
            # Give the UI a moment more to finish loading its first screen, then take the kept shot.
            sleep 3
            import -window root "$out/window.png"
            sd=$(convert "$out/window.png" -format '%[fx:standard_deviation]' info:)
            colours=$(convert "$out/window.png" -format '%k' info:)
            break
        fi
    done
    if ! kill -0 "$pid" 2>/dev/null; then
        echo "smoke: sandtable-app died while drawing its window; its output:" >&2
        cat "$out/app.log" >&2
        exit 1
    fi
    echo "smoke: screenshot $out/window.png: standard deviation $sd, $colours colours (after ${attempt} s)"
    if ! awk -v sd="$sd" -v k="$colours" 'BEGIN { exit !(sd > 0.02 && k > 64) }'; then
        echo "smoke: the window stayed blank (needs standard deviation > 0.02 and > 64 colours); app output:" >&2
        cat "$out/app.log" >&2
        exit 1
    fi
    open_the_table
    exit 0
fi

if [[ ! -f "$root/ui/dist/index.html" ]]; then
    echo "smoke: ui/dist/index.html is missing: build the UI first (cd ui && npm ci && npm run build)" >&2
    exit 1
fi
for tool in xvfb-run xwininfo xdotool curl import convert; do
    if ! command -v "$tool" >/dev/null; then
        echo "smoke: $tool is missing (apt-get install xvfb x11-utils xdotool curl imagemagick)" >&2
        exit 1
    fi
done

app=${SANDTABLE_APP:-}
if [[ -z "$app" ]]; then
    # A debug build is enough; its build script embeds ui/dist (and rebuilds when ui/dist/index.html changes).
    (cd "$root" && cargo build --quiet -p sandtable-app)
    app="${CARGO_TARGET_DIR:-$root/target}/debug/sandtable-app"
fi

mkdir -p "$out"
rm -f "$out/window.png" "$out/app.log"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SANDTABLE_DB="$tmp/smoke.db"
# The app's own data (WebKit's cache and local storage) goes to the temp folder too, not to ~.
export XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache" XDG_CONFIG_HOME="$tmp/config"

xvfb-run -a -s "-screen 0 1366x1024x24" bash "$here/smoke.sh" --in-xvfb "$app"
echo "smoke: 1 passed, 0 failed"
