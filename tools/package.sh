#!/usr/bin/env bash
# Builds Sandtable as packages a player installs without building anything: a Debian package (.deb) and an
# RPM, made by Tauri's bundler (`@tauri-apps/cli`, a dev dependency of ui/), each holding the app
# (`sandtable-app`, its desktop entry in the Game category, its icons) and the `sandtable` command line, both
# on PATH once installed, with WebKitGTK 4.1 and what it needs declared so the package manager pulls them in.
# AppImage is left out: its bundler downloads its own tools, which this machine cannot reach.
#
#   tools/package.sh          # builds both into dist/ (a release build with fat LTO: about 20 minutes)
#   tools/package.sh --test   # then installs the .deb with apt, opens the installed app under Xvfb, asks the
#                             # installed CLI its version and for a game, removes the package and checks that
#                             # nothing is left on PATH (needs root or sudo)
#
# Run by hand before a release, not in CI (the release build is too slow for every change).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

test_after=false
case "${1:-}" in
  "") ;;
  --test) test_after=true ;;
  *) echo "usage: tools/package.sh [--test]" >&2; exit 2 ;;
esac

# What building and bundling need (WebKitGTK's headers, Node, the UI's packages); `rpm` only to list what
# the RPM holds, as this Debian machine cannot install one.
source "$root/tools/setup.sh"
cd "$root"
if ! command -v rpm >/dev/null; then
  sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends rpm >/dev/null
fi

# One version for everything: the workspace's, which `sandtable --version`, the app's About line and the
# packages' names all read.
version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
[ -n "$version" ] || { echo "package: no version in Cargo.toml's [workspace.package]" >&2; exit 1; }
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
out="$root/dist"
mkdir -p "$out"

echo "package: Sandtable $version: the UI, then the command line and the app (release builds)"
(cd ui && npm run build --silent)
cargo build --release --locked --bin sandtable

# The command line goes into the packages beside the app; where it was built is known only here, so the
# bundler's configuration gets it as an overlay rather than a path written into tauri.conf.json.
overlay=$(mktemp --suffix=.json)
trap 'rm -f "$overlay"' EXIT
cat >"$overlay" <<JSON
{
  "bundle": {
    "linux": {
      "deb": { "files": { "/usr/bin/sandtable": "$target/release/sandtable" } },
      "rpm": { "files": { "/usr/bin/sandtable": "$target/release/sandtable" } }
    }
  }
}
JSON
(cd src-tauri && "$root/ui/node_modules/.bin/tauri" build --ci --bundles deb,rpm --config "$overlay")

deb=$(ls -t "$target"/release/bundle/deb/*_"$version"_*.deb | head -1)
rpm=$(ls -t "$target"/release/bundle/rpm/*-"$version"-*.rpm | head -1)
arch=$(dpkg --print-architecture)
cp "$deb" "$out/sandtable_${version}_${arch}.deb"
cp "$rpm" "$out/sandtable-${version}-1.$(uname -m).rpm"
echo "package: built"
ls -l "$out/sandtable_${version}_${arch}.deb" "$out/sandtable-${version}-1.$(uname -m).rpm" | awk '{printf "  %s  %.1f MB\n", $NF, $5 / 1048576}'
echo "package: the .deb holds"
dpkg-deb --field "$out/sandtable_${version}_${arch}.deb" Package Version Depends | sed 's/^/  /'
dpkg-deb --contents "$out/sandtable_${version}_${arch}.deb" | awk '{print "  " $NF}' | grep -E 'bin/|applications/|icons/.*/apps/' || true
echo "package: the .rpm holds"
rpm -qp --queryformat '  %{NAME} %{VERSION}\n' "$out/sandtable-${version}-1.$(uname -m).rpm" 2>/dev/null
rpm -qpl "$out/sandtable-${version}-1.$(uname -m).rpm" 2>/dev/null | grep -E 'bin/|applications/' | sed 's/^/  /'
rpm -qpR "$out/sandtable-${version}-1.$(uname -m).rpm" 2>/dev/null | grep -i webkit | sed 's/^/  requires /'

$test_after || exit 0
exec bash "$root/tools/package-test.sh" "$out/sandtable_${version}_${arch}.deb" "$version"
