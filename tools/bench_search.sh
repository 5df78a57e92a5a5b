#!/usr/bin/env bash
# Benchmarks list=search on a generated wiki of PAGES pages (default 100,000 of about 5,000
# bytes of wikitext each: about 500 MB; tools/gen_search_wiki.py writes the dump) in SQLite:
# the import's time, the index's build time (`wikiquery reindex`) and size, then requests per
# second and p50/p99 latency (wrk) of a two-word query, a common word, a rare word and a
# phrase, with the server's resident memory. The bar: p99 under 20 ms for the two-word query.
#
#   tools/bench_search.sh
#   PAGES=20000 DURATION=20s tools/bench_search.sh
#
# Needs wrk, curl, sqlite3 and python3. The dump and database are kept in BENCH_DIR (default
# /tmp/wikiquery-bench) and reused by later runs.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

BENCH_DIR=${BENCH_DIR:-/tmp/wikiquery-bench}
PAGES=${PAGES:-100000}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-8}
PORT=${PORT:-8096}

mkdir -p "$BENCH_DIR"
DUMP="$BENCH_DIR/search-$PAGES.xml"
DB="$BENCH_DIR/search-$PAGES.sqlite"

echo "# building (release)" >&2
cargo build --release -q -p wikiquery
BIN="$ROOT/target/release/wikiquery"
if [ ! -f "$DUMP" ]; then
  echo "# generating $PAGES pages into $DUMP" >&2
  python3 tools/gen_search_wiki.py "$DUMP" "$PAGES"
fi
echo "dump: $(du -m "$DUMP" | cut -f1) MB, $PAGES pages"
if [ ! -f "$DB" ]; then
  start=$(date +%s.%N)
  "$BIN" import "$DUMP" --db "sqlite:$DB" --batch 500 >"$BENCH_DIR/import-$PAGES.log"
  echo "import (with the index): $(python3 -c "print(round($(date +%s.%N) - $start, 1))") s"
fi
start=$(date +%s.%N)
"$BIN" reindex --db "sqlite:$DB" >/dev/null
echo "index build (wikiquery reindex): $(python3 -c "print(round($(date +%s.%N) - $start, 1))") s"
index_bytes=$(sqlite3 "$DB" "SELECT SUM(pgsize) FROM dbstat WHERE name LIKE 'wikiquery_search%'" 2>/dev/null || echo "")
echo "index size: $(python3 -c "print(round(${index_bytes:-0} / 1e6, 1))") MB of a $(du -m "$DB" | cut -f1) MB database"

# shellcheck source=tools/bench_serve.sh
. "$ROOT/tools/bench_serve.sh"
serve_release "$PORT" "$BENCH_DIR/server-$PORT.log" serve --db "sqlite:$DB"
PID=$SERVED_PID
trap 'kill $PID 2>/dev/null || true' EXIT

mapfile -t WORDS <"$DUMP.words"
API="http://127.0.0.1:$PORT/api.php?action=query&list=search&format=json&formatversion=2&srsearch="
REQUESTS="two-words	${WORDS[1]}%20${WORDS[2]}
common-word	${WORDS[0]}
rare-word	${WORDS[3]}
phrase	%22${WORDS[1]}%20${WORDS[0]}%22"

printf '\n| request | hits | requests/s | p50 | p99 |\n|---|---|---|---|---|\n'
while IFS=$'\t' read -r label query; do
  hits=$(curl -sf "$API$query" | python3 -c "import json,sys; print(json.load(sys.stdin)['query']['searchinfo']['totalhits'])")
  wrk -t"$THREADS" -c"$CONNECTIONS" -d1s "$API$query" >/dev/null 2>&1 || true
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$API$query")
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1 == "50%" {print $2}' <<<"$out")
  p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
  printf '| %s | %s | %s | %s | %s |\n' "$label" "$hits" "$rps" "$p50" "$p99"
done <<<"$REQUESTS"
echo
echo "wikiquery's resident memory after the run: $(awk '/VmRSS/ {print $2, $3}' /proc/$PID/status)"
