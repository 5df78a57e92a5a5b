#!/usr/bin/env bash
# Many kept-alive clients at once against the release build serving the MediaWiki 1.39
# fixture (loopback only, bounded in time): whether every client is answered, the latency of
# the answers, and the server's peak resident memory (server/examples/keepalive_load.rs).
#
#   tools/bench_keepalive.sh                               # 10,000 clients, each every 2 s, 30 s
#   CLIENTS=4000 INTERVAL_MS=500 RUN_SECONDS=30 tools/bench_keepalive.sh
#   SERVE_OPTIONS="--max-connections 1024" tools/bench_keepalive.sh   # the old default bound
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
BENCH_DIR=${BENCH_DIR:-/tmp/wikiquery-bench}
PORT=${PORT:-8097}
CLIENTS=${CLIENTS:-10000}
INTERVAL_MS=${INTERVAL_MS:-2000}
# (Not `SECONDS`: bash counts the seconds since it started in it.)
SECONDS_=${RUN_SECONDS:-30}
REQUEST=${REQUEST:-/api.php?action=query&meta=siteinfo&siprop=general&format=json}
mkdir -p "$BENCH_DIR"
DB="$BENCH_DIR/fixturewiki-keepalive.sqlite"
cp -f "$ROOT/tests/fixtures/mw139/fixturewiki.sqlite" "$DB"
chmod u+w "$DB"
echo "# building (release)" >&2
cargo build --release -q -p wikiquery --example keepalive_load
cargo build --release -q -p wikiquery
# shellcheck source=tools/bench_serve.sh
. "$ROOT/tools/bench_serve.sh"
# shellcheck disable=SC2086
serve_release "$PORT" "$BENCH_DIR/keepalive-server.log" --config "$ROOT/tests/fixtures/mw139/wikiquery.toml" \
  --db "sqlite:$DB" ${SERVE_OPTIONS:-}
PID=$SERVED_PID
trap 'kill $PID 2>/dev/null || true' EXIT
echo "$CLIENTS clients, each asking every $INTERVAL_MS ms for ${SECONDS_} s: $REQUEST"
echo "server idle: $(awk '/VmRSS/ {print $2, $3}' /proc/$PID/status) resident"
"$ROOT/target/release/examples/keepalive_load" --port "$PORT" --clients "$CLIENTS" --interval-ms "$INTERVAL_MS" \
  --seconds "$SECONDS_" --pid "$PID" --path "$REQUEST"
