#!/usr/bin/env bash
# Footprint of the desktop app beside the smallest Tauri 2 window (issue 17): builds both in release (the
# UI first, as tools/test-all.sh does), then under Xvfb starts each several times, alternating, and reports
# the median of: binary size, time from exec to the window mapped, time from exec to the first paint of the
# web content, time until the first screen stopped changing, and idle memory 5 s after the first paint
# (PSS and RSS, the app plus its WebKit processes). Prints a Markdown table and keeps it, with every run's
# figures, in tools/footprint/out/ (results.md, runs.tsv).
#
#   tools/footprint/bench.sh            5 measured runs of each (after one warm-up run of each)
#   RUNS=9 tools/footprint/bench.sh     more runs
#   NO_BUILD=1 tools/footprint/bench.sh measure the binaries already built
#
# Builds into CARGO_TARGET_DIR (default: the workspace's target/). Needs xvfb (xvfb-run), a C compiler and
# the X11, XDamage and XShm headers (libx11-dev, libxdamage-dev, libxext-dev; the Tauri build needs them
# anyway), npm, and WebKitGTK 4.1. See tools/footprint/README.md for what each figure means.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$here/out"

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Every process under PID, children first found through /proc (WebKitWebProcess, WebKitNetworkProcess…).
descendants() {
    local child
    for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
        echo "$child"
        descendants "$child"
    done
}

# Sum of one field of /proc/PID/smaps_rollup (in kB) over the given pids.
rollup_kb() {
    local field=$1 pid total=0 kb
    shift
    for pid in "$@"; do
        kb=$(awk -v f="$field:" '$1 == f { print $2 }' "/proc/$pid/smaps_rollup" 2>/dev/null || true)
        total=$((total + ${kb:-0}))
    done
    echo "$total"
}

# One run of one app: `measure NAME TITLE BINARY`, appending a line to $out/runs.tsv.
measure() {
    local name=$1 title=$2 bin=$3 log="$out/$1.log" result="$out/$1.watch" watch line pid pids procs
    : >"$result"
    "$out/paintwatch" "$title" 5000 60000 -- "$bin" >"$result" 2>>"$log" &
    watch=$!
    while ! grep -q '^pid=' "$result"; do
        if ! kill -0 "$watch" 2>/dev/null; then
            echo "footprint: $name never painted; its output ($log):" >&2
            tail -20 "$log" >&2
            exit 1
        fi
        sleep 0.1
    done
    line=$(head -1 "$result")
    pid=${line#pid=}
    pid=${pid%% *}
    # The app and everything it started, read while the watcher keeps it alive and idle.
    pids=("$pid" $(descendants "$pid"))
    procs=$(for p in "${pids[@]}"; do basename "$(readlink "/proc/$p/exe")"; done | sort | uniq -c | awk '{ printf "%s%s%s", (NR > 1 ? ", " : ""), $2, ($1 > 1 ? " ×" $1 : "") }')
    local pss rss app_pss
    pss=$(rollup_kb Pss "${pids[@]}")
    rss=$(rollup_kb Rss "${pids[@]}")
    app_pss=$(rollup_kb Pss "$pid")
    kill -TERM "$watch"
    wait "$watch" || true
    # WebKit's processes leave when the app does; make sure none lingers into the next run.
    for p in "${pids[@]}"; do
        for _ in $(seq 1 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$p" 2>/dev/null || true
    done
    # "pid=N map_ms=X paint_ms=Y settled_ms=Z" → name, map, paint, settled, PSS kB, RSS kB, app's own PSS kB
    echo "$line" | awk -v n="$name" -v pss="$pss" -v rss="$rss" -v apss="$app_pss" -v procs="$procs" '{
        for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
        printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", n, v["map_ms"], v["paint_ms"], v["settled_ms"], pss, rss, apss, procs
    }' >>"$out/runs.tsv"
}

# The part that runs inside the X server started below: `bench.sh --in-xvfb APP MINIMAL RUNS`.
if [[ "${1:-}" == "--in-xvfb" ]]; then
    app=$2 minimal=$3 runs=$4
    # As tests/window/smoke.sh: no GPU under Xvfb, so WebKit's accelerated compositing and DMA-BUF renderer
    # are off and GL is Mesa's software renderer, for both apps alike. No accessibility bus either.
    export WEBKIT_DISABLE_COMPOSITING_MODE=1 WEBKIT_DISABLE_DMABUF_RENDERER=1 LIBGL_ALWAYS_SOFTWARE=1 NO_AT_BRIDGE=1
    for name in sandtable minimal; do mkdir -p "$tmp/$name"; : >"$out/$name.log"; done
    printf 'app\tmap_ms\tpaint_ms\tsettled_ms\tpss_kb\trss_kb\tapp_pss_kb\tprocesses\n' >"$out/runs.tsv"
    run_one() { # each app keeps its own data folders across its runs, as a user's start finds them
        local name=$1
        (
            export XDG_DATA_HOME="$tmp/$name/data" XDG_CACHE_HOME="$tmp/$name/cache" XDG_CONFIG_HOME="$tmp/$name/config"
            export SANDTABLE_DB="$tmp/$name/sandtable.db"
            if [[ $name == sandtable ]]; then measure sandtable Sandtable "$app"; else measure minimal "Minimal window" "$minimal"; fi
        )
    }
    # One warm-up run of each (page cache, fontconfig cache, the campaign database created), not counted.
    run_one sandtable
    run_one minimal
    printf 'app\tmap_ms\tpaint_ms\tsettled_ms\tpss_kb\trss_kb\tapp_pss_kb\tprocesses\n' >"$out/runs.tsv"
    for i in $(seq 1 "$runs"); do
        run_one sandtable
        run_one minimal
        echo "footprint: run $i of $runs done" >&2
    done
    exit 0
fi

runs=${RUNS:-5}
# Both builds share one target folder (the minimal window is a workspace of its own, with its own default).
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
target=$CARGO_TARGET_DIR
for tool in xvfb-run cc npm cargo; do
    if ! command -v "$tool" >/dev/null; then
        echo "footprint: $tool is missing (apt-get install xvfb gcc libx11-dev libxdamage-dev libxext-dev)" >&2
        exit 1
    fi
done
mkdir -p "$out"

if [[ -z "${NO_BUILD:-}" ]]; then
    echo "footprint: building the UI, Sandtable's app and the minimal window in release (LTO: minutes)" >&2
    # The UI's packages as tools/setup.sh installs them: exactly as locked, only when they do not match.
    (cd "$root/ui" && { [[ ! package-lock.json -nt node_modules/.package-lock.json ]] ||
        npm ci --no-audit --no-fund --loglevel=error; } && npm run build --silent)
    (cd "$root" && cargo build --release --quiet -p sandtable-app)
    # The minimal window resolves against Sandtable's own lockfile, so both ship the same tauri, wry, tao.
    cp "$root/Cargo.lock" "$here/minimal-window/Cargo.lock"
    (cd "$here/minimal-window" && cargo build --release --quiet)
fi
app="$target/release/sandtable-app"
minimal="$target/release/minimal-window"
for bin in "$app" "$minimal"; do
    [[ -x $bin ]] || { echo "footprint: $bin is missing (run without NO_BUILD)" >&2; exit 1; }
done
cc -O2 -o "$out/paintwatch" "$here/paintwatch.c" -lX11 -lXext -lXdamage

# Other work on the machine skews the timings: say how busy it was.
load=$(cut -d' ' -f1-3 /proc/loadavg)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export tmp out
echo "footprint: $runs runs of each under Xvfb (each run: start, first paint, 5 s idle, memory)" >&2
xvfb-run -a -s "-screen 0 1366x1024x24" bash "$here/bench.sh" --in-xvfb "$app" "$minimal" "$runs"

# The report.
# `col APP COLUMN [min]`: the median (or the least) of one column of runs.tsv over one app's runs.
col() { awk -F'\t' -v a="$1" -v c="$2" 'NR > 1 && $1 == a { print $c }' "$out/runs.tsv" | if [[ ${3:-} == min ]]; then sort -n | head -1; else median; fi; }
size_s=$(stat -c %s "$app")
size_m=$(stat -c %s "$minimal")
{
    echo "| metric | Sandtable | minimal window | ratio | target | met? |"
    echo "| --- | --- | --- | --- | --- | --- |"
    awk -v s="$size_s" -v m="$size_m" 'BEGIN {
        printf "| binary size (stripped) | %.2f MB (%d B) | %.2f MB (%d B) | %.2f× | < 12 MB | %s |\n",
            s / 1e6, s, m / 1e6, m, s / m, (s < 12e6 ? "yes" : "**no**")
    }'
    for metric in "window mapped:2" "first paint:3" "first screen complete:4"; do
        label=${metric%:*} c=${metric#*:}
        awk -v l="$label" -v s="$(col sandtable "$c")" -v m="$(col minimal "$c")" \
            -v smin="$(col sandtable "$c" min)" -v mmin="$(col minimal "$c" min)" 'BEGIN {
            target = "—"; met = "—"
            if (l == "first paint") { target = "< 1 s"; met = (s < 1000 ? "yes" : "**no**") }
            printf "| %s (from exec, median; fastest) | %d ms; %d | %d ms; %d | %.2f× | %s | %s |\n", l, s, smin, m, mmin, s / m, target, met
        }'
    done
    awk -v s="$(col sandtable 5)" -v m="$(col minimal 5)" 'BEGIN {
        r = s / m
        printf "| idle memory, PSS (app + WebKit processes, median) | %.1f MB | %.1f MB | %.2f× | ≤ 1.3× minimal | %s |\n",
            s * 1024 / 1e6, m * 1024 / 1e6, r, (r <= 1.3 ? "yes" : "**no**")
    }'
    awk -v s="$(col sandtable 7)" -v m="$(col minimal 7)" 'BEGIN {
        printf "| … of which the app process, PSS | %.1f MB | %.1f MB | %.2f× | — | — |\n", s * 1024 / 1e6, m * 1024 / 1e6, s / m
    }'
    awk -v s="$(col sandtable 6)" -v m="$(col minimal 6)" 'BEGIN {
        printf "| idle memory, RSS summed (counts shared pages once per process) | %.1f MB | %.1f MB | %.2f× | — | — |\n",
            s * 1024 / 1e6, m * 1024 / 1e6, s / m
    }'
    echo
    echo "$runs runs of each, alternating, after one warm-up run of each; MB = 10^6 bytes; load average before"
    echo "the runs: $load. Processes measured: Sandtable: $(awk -F'\t' 'NR > 1 && $1 == "sandtable" { print $8; exit }' "$out/runs.tsv");"
    echo "minimal window: $(awk -F'\t' 'NR > 1 && $1 == "minimal" { print $8; exit }' "$out/runs.tsv")."
} | tee "$out/results.md"
