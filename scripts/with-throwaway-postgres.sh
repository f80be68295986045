#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster, then stops and deletes the cluster.
#
#   scripts/with-throwaway-postgres.sh npm test -w packages/server
#
# The cluster lives in a temporary directory, listens on 127.0.0.1 on a free port, and is reached
# through IDV_TEST_DATABASE_URL (exported for the command). Installs Debian's `postgresql` with
# apt-get when its binaries are missing. initdb refuses to run as root, so as root the cluster
# belongs to the `postgres` user.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

find_pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

PG_BIN="$(find_pg_bin || true)"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL is missing: install it with: sudo apt-get install -y postgresql" >&2
    exit 1
  fi
  echo "[postgres] installing Debian package postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  PG_BIN="$(find_pg_bin)"
fi

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/idv-pg.XXXXXX")"
chmod 755 "$WORK_DIR"
if [ "$(id -u)" -eq 0 ]; then chown postgres "$WORK_DIR"; fi
DATA_DIR="$WORK_DIR/data"
PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

cleanup() {
  as_owner "$PG_BIN/pg_ctl" -D "$DATA_DIR" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$WORK_DIR"
}
trap cleanup EXIT INT TERM

as_owner "$PG_BIN/initdb" -D "$DATA_DIR" -U postgres -A trust --no-sync -E UTF8 >"$WORK_DIR/initdb.log" 2>&1 ||
  { cat "$WORK_DIR/initdb.log" >&2; exit 1; }
# Throwaway: durability off for speed; max_connections covers parallel test files and spawned servers.
as_owner "$PG_BIN/pg_ctl" -D "$DATA_DIR" -l "$WORK_DIR/server.log" -w -t 60 \
  -o "-p $PORT -k $WORK_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  start >/dev/null || { cat "$WORK_DIR/server.log" >&2; exit 1; }

export IDV_TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "[postgres] throwaway cluster on 127.0.0.1:$PORT ($PG_BIN)"
set +e
"$@"
status=$?
set -e
exit "$status"
