#!/usr/bin/env bash
# Speed of the photo path beside OpenCV (issue 18): on a 12-megapixel JPEG of a table seen in perspective,
# our top-down view (src/photo/warp.rs) and imageproc's generic warp against cv2.warpPerspective
# (INTER_LINEAR, the same map, the same 3600 x 2400 view: a 72 x 48 table at 50 px per inch), our decoding
# against cv2.imdecode, and decoding, standing up and redrawing together as the app does for display (also of
# the photo stored on its side with an EXIF orientation, as phones save photos held upright).
# Each figure is the best of ROUNDS rounds of RUNS runs, ours and OpenCV's taking turns by round; both
# sides use every core, then both are held to one.
#
#   tools/bench-photo.sh                      3 rounds of 7 runs of each
#   ROUNDS=5 RUNS=15 tools/bench-photo.sh     more
#
# Needs python3 with venv and network access to PyPI the first time: it makes a venv under
# target/bench-photo/ and installs opencv-python-headless and numpy there. Not run by CI.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out="$root/target/bench-photo"
venv="$out/venv"
runs=${RUNS:-7}
rounds=${ROUNDS:-3}
mkdir -p "$out"

if ! "$venv/bin/python" -c 'import cv2, numpy' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet opencv-python-headless numpy
fi
python="$venv/bin/python"

photo="$out/table-12mp.jpg"
sideways="$out/table-12mp-sideways.jpg"
corners=$("$python" "$root/tools/bench-photo.py" make "$photo" "$sideways")

cargo build --quiet --release --example photo_speed --manifest-path "$root/Cargo.toml"
speed="${CARGO_TARGET_DIR:-$root/target}/release/examples/photo_speed"

echo "== every core ($(nproc))"
"$python" "$root/tools/bench-photo.py" run "$photo" "$sideways" "$corners" "$speed" "$runs" "$rounds" 0 "$out/ours.rgb"
echo "== one core"
"$python" "$root/tools/bench-photo.py" run "$photo" "$sideways" "$corners" "$speed" "$runs" "$rounds" 1 "$out/ours.rgb"
