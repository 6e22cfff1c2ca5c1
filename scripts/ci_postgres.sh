#!/usr/bin/env bash
# Start a throwaway PostgreSQL server on loopback for the state tests and print the variables
# that point the tests at it:
#
#     eval "$(bash scripts/ci_postgres.sh)"      # sets TEST_DATABASE_URL (and TEST_PG_DATADIR)
#     bash scripts/ci_postgres.sh stop            # stops the server started above
#
# Installs Debian's `postgresql` package when no server binaries are found. Only `export`
# lines go to stdout; everything else goes to stderr. Trust auth is fine here: the cluster
# lives in a temporary directory, listens on 127.0.0.1 only and is thrown away.
set -euo pipefail

log() { echo "ci_postgres: $*" >&2; }

find_bindir() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
        [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
    done
    command -v initdb >/dev/null 2>&1 && { dirname "$(command -v initdb)"; return 0; }
    return 1
}

as_pg() {   # initdb and postgres refuse to run as root
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = "stop" ]; then
    BINDIR=$(find_bindir)
    [ -n "${TEST_PG_DATADIR:-}" ] && as_pg "$BINDIR/pg_ctl" -D "$TEST_PG_DATADIR" -m fast stop >&2 || true
    exit 0
fi

if ! BINDIR=$(find_bindir); then
    log "installing Debian's postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update >&2
    apt-get install -y --no-install-recommends postgresql >&2
    BINDIR=$(find_bindir)
fi

if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --home /var/lib/postgresql --shell /bin/sh postgres >&2
fi

DATADIR=$(mktemp -d /tmp/referee-pg.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres "$DATADIR"
PORT=${TEST_PG_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}

as_pg "$BINDIR/initdb" -D "$DATADIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >&2
as_pg "$BINDIR/pg_ctl" -D "$DATADIR/data" -l "$DATADIR/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DATADIR -c fsync=off -c max_connections=200" start >&2
as_pg "$BINDIR/createdb" -h 127.0.0.1 -p "$PORT" -U postgres referee_test >&2
log "server on 127.0.0.1:$PORT, data in $DATADIR/data"

echo "export TEST_DATABASE_URL=postgresql+asyncpg://postgres@127.0.0.1:$PORT/referee_test"
echo "export TEST_PG_DATADIR=$DATADIR/data"
