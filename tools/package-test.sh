#!/usr/bin/env bash
# The package as a player meets it (`tools/package.sh --test` runs this): the .deb installed with apt, which
# pulls in what it declares; the installed app opened under Xvfb by the window smoke test; the installed
# command line asked its version and for a game; then the package removed, and nothing of it left on PATH.
#
#   tools/package-test.sh dist/sandtable_<version>_<arch>.deb <version>
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
deb=$(realpath "$1")
version=$2
sudo_cmd=(); [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
package=$(dpkg-deb --field "$deb" Package)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fail() { echo "package test: FAIL: $*" >&2; exit 1; }

if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
  fail "$package is installed already; remove it first, so this test starts from a machine without it"
fi

echo "package test: apt install $deb"
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "$deb" >"$scratch/apt.log" 2>&1 || { cat "$scratch/apt.log" >&2; fail "apt could not install it"; }
trap '"${sudo_cmd[@]}" apt-get remove -y -qq "$package" >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT

cli=$(command -v sandtable) || fail "no sandtable on PATH after installing"
app=$(command -v sandtable-app) || fail "no sandtable-app on PATH after installing"
echo "package test: installed $cli and $app"
[ "$(dpkg -S "$cli" | cut -d: -f1)" = "$package" ] || fail "$cli is not the package's"
desktop=$(dpkg -L "$package" | grep '/usr/share/applications/.*\.desktop$') || fail "no desktop entry"
grep -q '^Categories=.*Game' "$desktop" || fail "the desktop entry is not in the Game category"
echo "package test: desktop entry $desktop: $(grep -E '^(Name|Exec|Categories)=' "$desktop" | tr '\n' ' ')"

said=$("$cli" --version)
echo "package test: \$ sandtable --version"
echo "  $said"
[[ "$said" == *"$version"* ]] || fail "the installed CLI says '$said', not version $version"

echo "package test: \$ sandtable game new legation-wall"
SANDTABLE_DB="$scratch/club.db" "$cli" game new legation-wall --seed 7 >"$scratch/game.txt" || fail "game new failed"
sed 's/^/  /' "$scratch/game.txt" | tail -6
id=$(tail -1 "$scratch/game.txt" | tr -dc '0-9')
[ -n "$id" ] || fail "game new printed no game id last"
SANDTABLE_DB="$scratch/club.db" "$cli" game show "$id" >/dev/null || fail "the new game $id cannot be shown"

echo "package test: the installed app's first window, under Xvfb"
SANDTABLE_APP="$app" bash "$root/tests/window/smoke.sh"

echo "package test: apt remove $package"
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get remove -y -qq "$package" >/dev/null 2>&1 || fail "apt could not remove it"
trap 'rm -rf "$scratch"' EXIT
hash -r
left=()
for name in sandtable sandtable-app; do command -v "$name" >/dev/null && left+=("$(command -v "$name")"); done
[ -e "$desktop" ] && left+=("$desktop")
[ ${#left[@]} -eq 0 ] || fail "left behind after removing: ${left[*]}"
echo "package test: removed; nothing of it left on PATH"
echo "package test: ok"
