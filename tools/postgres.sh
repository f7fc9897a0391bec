#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests (Debian's `postgresql` package; no container, no service):
#
#   tools/postgres.sh start DIR    # initdb in DIR, start it on a free loopback port; prints its address
#                                  # (as root, DIR's parent must be open to the postgres user: chmod 755)
#   tools/postgres.sh stop DIR     # stops it (DIR is left for the caller to remove)
#
# The address is postgres://sandtable@127.0.0.1:PORT/postgres, trusted on loopback only. PostgreSQL will
# not run as root, so as root the cluster belongs to the `postgres` user the package made.
set -euo pipefail
cmd=${1:?start or stop}
dir=${2:?a folder for the cluster}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "postgres.sh: PostgreSQL is not installed (Debian package postgresql; tools/setup.sh installs it)" >&2; exit 1; }
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case $cmd in
  start)
    mkdir -p "$dir"
    chmod 755 "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U sandtable --no-sync >"$dir/initdb.log" 2>&1 ||
      { echo "postgres.sh: initdb failed: $(tail -3 "$dir/initdb.log")" >&2; exit 1; }
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    # fsync stays on: the durability tests mean what they say on this back end too.
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c max_connections=300" start >/dev/null ||
      { echo "postgres.sh: the server did not start: $(tail -3 "$dir/server.log")" >&2; exit 1; }
    echo "postgres://sandtable@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  *) echo "postgres.sh: start or stop, not $cmd" >&2; exit 1 ;;
esac
