#!/usr/bin/env bash
# A throw-away PostgreSQL server for the test suite, on 127.0.0.1:${PGPORT:-54329}.
#   tests/pg_server.sh start   installs Debian's postgresql if missing, starts a fresh cluster,
#                              prints the DATABASE_URL to use
#   tests/pg_server.sh stop    stops it and removes its data
set -euo pipefail
PORT=${PGPORT:-54329}
DIR=${PGTESTDIR:-/tmp/vielseitig-pg-$PORT}
URL="postgres://postgres@127.0.0.1:$PORT/vielseitig"

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
start)
  if [ -z "$(bindir)" ] || [ ! -x "$(bindir)/initdb" ]; then
    echo "Installing Debian's postgresql ..." >&2
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  fi
  BIN=$(bindir)
  if as_owner "$BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
    echo "$URL"; exit 0
  fi
  rm -rf "$DIR"; mkdir -p "$DIR"
  [ "$(id -u)" = 0 ] && chown postgres "$DIR"
  as_owner "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w \
    -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null
  as_owner "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres vielseitig
  echo "$URL"
  ;;
stop)
  BIN=$(bindir)
  if [ -n "$BIN" ] && [ -d "$DIR/data" ]; then
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true
  fi
  rm -rf "$DIR"
  ;;
*)
  echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
