#!/usr/bin/env bash
# Installs what Sandtable needs on Debian/Ubuntu and is missing: system libraries for the Tauri window
# (WebKitGTK 4.1), Xvfb and Chromium for the tests, PostgreSQL for the club server's tests (the tests start
# clusters of their own), and the UI's npm packages. Safe to run again: it only
# installs what is not there. Sourced by run-app.sh and test-all.sh.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

apt_packages=(
  build-essential pkg-config curl file
  libwebkit2gtk-4.1-dev libgtk-3-dev librsvg2-dev libsoup-3.0-dev libjavascriptcoregtk-4.1-dev
  libayatana-appindicator3-dev libssl-dev
  xvfb xauth x11-utils xdotool imagemagick chromium fonts-dejavu-core
  nodejs npm python3 openssl
  postgresql
)

missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node may come from outside apt (nvm, nodesource); only ask apt for it when there is no node at all.
if command -v node >/dev/null && command -v npm >/dev/null; then
  kept=(); for p in "${missing[@]}"; do [[ $p == nodejs || $p == npm ]] || kept+=("$p"); done; missing=("${kept[@]}")
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null; then
  echo "setup: Rust is missing; install it from rustup (https://rustup.rs), then run this again" >&2
  exit 1
fi

# The UI's packages, exactly as locked; skipped when node_modules already matches the lock file.
cd "$root/ui"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
