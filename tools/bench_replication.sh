#!/usr/bin/env bash
# Several wikiquery servers behind HAProxy over a replicated database, under the everyday
# request mix, while the database has incidents: a replica killed and restarted, a replica
# lagged. Loopback only, bounded in time (four phases of PHASE_SECONDS). Prints, per phase,
# answers per second, p50/p99 and failed requests (0 expected: a `maxlag` answer to a request
# that asked for it is counted apart), then requests per second with 1, 2 and 3 servers.
#
#   tools/bench_replication.sh                    # MariaDB primary + 2 replicas, 3 servers
#   BACKEND=postgres tools/bench_replication.sh   # PostgreSQL primary + standby
#   PHASE_SECONDS=30 CLIENTS=64 SCALE_SECONDS=20 tools/bench_replication.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BACKEND=${BACKEND:-mariadb}
PHASE=${PHASE_SECONDS:-30}
CLIENTS=${CLIENTS:-64}
SCALE=${SCALE_SECONDS:-20}
DIR=${WIKIQUERY_REPL_DIR:-${TMPDIR:-/tmp}/wikiquery-replication}
WORK=${BENCH_DIR:-/tmp/wikiquery-bench}/replication
LB_PORT=${LB_PORT:-8190}
mkdir -p "$WORK"
# shellcheck source=tools/bench_serve.sh
. "$ROOT/tools/bench_serve.sh"

echo "# building (release, both server backends)" >&2
cargo build --release -q -p wikiquery --features mysql,postgres
cargo build --release -q -p wikiquery --features mysql,postgres --example mix_load
tools/replication.sh start "$DIR"

if [ "$BACKEND" = postgres ]; then
  PRIMARY=postgres://postgres@127.0.0.1:5441/wiki
  REPLICAS=(postgres://postgres@127.0.0.1:5442/wiki)
  count() { psql -h 127.0.0.1 -p 5441 -U postgres -d wiki -qAt -c "SELECT COUNT(*) FROM page" 2>/dev/null || echo 0; }
else
  PRIMARY=mysql://root@127.0.0.1:3311/wiki
  REPLICAS=(mysql://root@127.0.0.1:3312/wiki mysql://root@127.0.0.1:3313/wiki)
  count() { mariadb --protocol=tcp -h 127.0.0.1 -P 3311 -u root -N -B -e "SELECT COUNT(*) FROM wiki.page" 2>/dev/null || echo 0; }
fi
if [ "$(count)" = 0 ]; then
  echo "# importing the fixture into the primary" >&2
  "$ROOT/target/release/wikiquery" import "$ROOT/tests/fixtures/mw139/dump-full.xml" --db "$PRIMARY" >/dev/null
fi

# The everyday set of tools/bench_requests.sh, one query a line.
sed -n "/^EVERYDAY='/,/'$/p" tools/bench_requests.sh | sed "s/^EVERYDAY='//; s/'$//" | cut -f2 >"$WORK/requests.txt"

PIDS=()
HAPROXY_PID=
cleanup() {
  for pid in "${PIDS[@]}" $HAPROXY_PID; do kill "$pid" 2>/dev/null || true; done
  if [ "$BACKEND" = postgres ]; then
    psql -h 127.0.0.1 -p 5442 -U postgres -d wiki -qAt -c "SELECT pg_wal_replay_resume()" >/dev/null 2>&1 || true
  else
    mariadb --protocol=tcp -h 127.0.0.1 -P 3312 -u root -e \
      "STOP SLAVE; CHANGE MASTER TO MASTER_DELAY = 0; START SLAVE" 2>/dev/null || true
  fi
  [ -n "${WRITER_PID:-}" ] && kill "$WRITER_PID" 2>/dev/null || true
}
trap cleanup EXIT

# N servers on ports 8191.., HAProxy on LB_PORT in front, round robin.
start_farm() {
  local n=$1
  for pid in "${PIDS[@]}" $HAPROXY_PID; do kill "$pid" 2>/dev/null || true; done
  PIDS=()
  local servers=""
  for i in $(seq 1 "$n"); do
    local port=$((LB_PORT + i)) args=()
    for r in "${REPLICAS[@]}"; do args+=(--replica "$r"); done
    WIKIQUERY_SESSION_SECRET=bench "$ROOT/target/release/wikiquery" --config tests/fixtures/mw139/wikiquery.toml \
      --db "$PRIMARY" "${args[@]}" --listen "127.0.0.1:$port" --workers 2 --pool-size 8 >"$WORK/server$i.log" 2>&1 &
    PIDS+=($!)
    servers+="  server wq$i 127.0.0.1:$port
"
  done
  cat >"$WORK/haproxy.cfg" <<EOF
global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
frontend api
  bind 127.0.0.1:$LB_PORT
  default_backend wikiquery
backend wikiquery
  balance roundrobin
$servers
EOF
  haproxy -db -f "$WORK/haproxy.cfg" >"$WORK/haproxy.log" 2>&1 &
  HAPROXY_PID=$!
  wait_answering "$LB_PORT" || { echo "the farm did not answer; see $WORK" >&2; return 1; }
}

# Writes on the primary every 200 ms, so that a held-back replica falls behind.
start_writer() {
  if [ "$BACKEND" = postgres ]; then
    psql -h 127.0.0.1 -p 5441 -U postgres -d wiki -qAt -c "CREATE TABLE IF NOT EXISTS bench_heartbeat (ts timestamptz)" >/dev/null
    while true; do psql -h 127.0.0.1 -p 5441 -U postgres -d wiki -qAt -c "INSERT INTO bench_heartbeat VALUES (now())" >/dev/null 2>&1; sleep 0.2; done >/dev/null 2>&1 &
  else
    mariadb --protocol=tcp -h 127.0.0.1 -P 3311 -u root -e "CREATE TABLE IF NOT EXISTS wiki.bench_heartbeat (ts DATETIME(6))"
    while true; do mariadb --protocol=tcp -h 127.0.0.1 -P 3311 -u root -e "INSERT INTO wiki.bench_heartbeat VALUES (NOW(6))" 2>/dev/null; sleep 0.2; done >/dev/null 2>&1 &
  fi
  WRITER_PID=$!
}

# The incidents, at the phase boundaries.
incidents() {
  sleep "$PHASE"
  if [ "$BACKEND" = postgres ]; then
    echo "# killing the standby" >&2
    kill -9 "$(head -n1 "$DIR/pg2/data/postmaster.pid")"
  else
    echo "# killing the second replica" >&2
    kill -9 "$(cat "$DIR/mariadb3/server.pid")"
  fi
  sleep "$PHASE"
  echo "# restarting it" >&2
  tools/replication.sh start "$DIR" >/dev/null
  sleep "$PHASE"
  echo "# holding a replica back" >&2
  if [ "$BACKEND" = postgres ]; then
    psql -h 127.0.0.1 -p 5442 -U postgres -d wiki -qAt -c "SELECT pg_wal_replay_pause()" >/dev/null
  else
    mariadb --protocol=tcp -h 127.0.0.1 -P 3312 -u root -e "STOP SLAVE; CHANGE MASTER TO MASTER_DELAY = 30; START SLAVE"
  fi
}

echo "## $BACKEND: 3 servers behind HAProxy, $CLIENTS clients, phases of ${PHASE}s"
# The primary takes writes all along (as a wiki's does), so that a replica held back falls behind.
start_writer
start_farm 3
incidents &
INCIDENTS=$!
"$ROOT/target/release/examples/mix_load" --port "$LB_PORT" --clients "$CLIENTS" --requests "$WORK/requests.txt" \
  --phases "steady:$PHASE,replica-killed:$PHASE,replica-restarted:$PHASE,replica-lagged:$PHASE" || STATUS=$?
wait "$INCIDENTS" || true
cleanup
WRITER_PID=

echo
echo "## $BACKEND: servers behind HAProxy, $CLIENTS clients, ${SCALE}s each"
echo "| servers | answers/s | p99 ms |"
echo "| --- | --- | --- |"
for n in 1 2 3; do
  start_farm "$n"
  "$ROOT/target/release/examples/mix_load" --port "$LB_PORT" --clients "$CLIENTS" --requests "$WORK/requests.txt" \
    --phases "servers-$n:$SCALE" | awk -F'|' -v n="$n" '/servers-/ {gsub(/ /, "", $5); gsub(/ /, "", $7); print "| " n " | " $5 " | " $7 " |"}'
done
exit "${STATUS:-0}"
