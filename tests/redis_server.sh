#!/usr/bin/env bash
# A throw-away Redis server for the test suite and the benchmarks, on 127.0.0.1:${REDISPORT:-56379}.
#   tests/redis_server.sh start   installs Debian's redis-server if missing, starts a fresh server
#                                 (nothing saved to disk), prints the URL to use (DJANGO_REDIS_URL)
#   tests/redis_server.sh stop    stops it and removes its folder
set -euo pipefail
PORT=${REDISPORT:-56379}
DIR=${REDISTESTDIR:-/tmp/vielseitig-redis-$PORT}
URL="redis://127.0.0.1:$PORT/0"

ping() { redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG; }

case "${1:-}" in
start)
  if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
    echo "Installing Debian's redis-server ..." >&2
    SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq >&2
    # Debian starts its own service on 6379 where it can; this server is a separate one on $PORT
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends redis-server >/dev/null
  fi
  if ping; then
    echo "$URL"; exit 0
  fi
  rm -rf "$DIR"; mkdir -p "$DIR"
  redis-server --port "$PORT" --bind 127.0.0.1 --dir "$DIR" --save "" --appendonly no \
    --daemonize yes --pidfile "$DIR/redis.pid" --logfile "$DIR/log" --databases 16 >/dev/null
  for _ in $(seq 1 100); do
    ping && { echo "$URL"; exit 0; }
    sleep 0.1
  done
  echo "Redis did not start on port $PORT:" >&2
  cat "$DIR/log" >&2 || true
  exit 1
  ;;
stop)
  if ping; then
    redis-cli -h 127.0.0.1 -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
  fi
  for _ in $(seq 1 50); do
    ping || break
    sleep 0.1
  done
  rm -rf "$DIR"
  ;;
*)
  echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
