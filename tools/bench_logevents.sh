#!/usr/bin/env bash
# Benchmarks `list=logevents`: requests per second and p50/p99 latency (wrk) of
#   - lelimit=50, lelimit=max, and a page deep in the log (a lecontinue near its end),
# on three databases: the MediaWiki 1.39 fixture; a generated database of ENTRIES log entries
# (default 1,000,000; wikiquery's schema, a realistic mix of types, actors and comments); and
# the fixture with its log repeated to ENTRIES entries (tools/grow_fixture_log.py), which
# MediaWiki itself can serve. Then pages through the whole generated log with lelimit=max and
# compares the cost of the first and the last pages. The same requests are sent to the
# reference MediaWiki when it answers: MEDIAWIKI (default http://127.0.0.1:8081/api.php)
# serving the fixture, and MEDIAWIKI_GROWN serving the grown fixture (the README's "Speed" says
# how); MediaWiki runs under PHP's built-in web server with 4 workers here, not Apache. Ends
# with each wikiquery row against the bar: p99 under 10 ms, and at least 20x the requests/s
# MediaWiki answered on the same database in the same run.
#
#   tools/bench_logevents.sh            # all of the above
#   DURATION=30s ENTRIES=200000 tools/bench_logevents.sh
#
# Needs wrk, curl and python3. The databases are kept in BENCH_DIR (default
# /tmp/wikiquery-bench) and reused by later runs.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

BENCH_DIR=${BENCH_DIR:-/tmp/wikiquery-bench}
ENTRIES=${ENTRIES:-1000000}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-8}
MEDIAWIKI=${MEDIAWIKI:-http://127.0.0.1:8081/api.php}
PORT_FIXTURE=${PORT_FIXTURE:-8097}
PORT_LARGE=${PORT_LARGE:-8098}
PORT_GROWN=${PORT_GROWN:-8099}
# MediaWiki serving the grown fixture (see the README's "Speed"); skipped when it does not answer.
MEDIAWIKI_GROWN=${MEDIAWIKI_GROWN:-}

mkdir -p "$BENCH_DIR"
LARGE_DB="$BENCH_DIR/logging-$ENTRIES.sqlite"
FIXTURE_DB="$BENCH_DIR/fixturewiki.sqlite"
GROWN_DB="$BENCH_DIR/fixture-grown-$ENTRIES.sqlite"

echo "# building (release)" >&2
cargo build --release -q -p wikiquery
cargo build --release -q -p wikiquery-store --example gen_logging

if [ ! -f "$LARGE_DB" ]; then
  echo "# generating $ENTRIES log entries into $LARGE_DB" >&2
  "$ROOT/target/release/examples/gen_logging" "$LARGE_DB" "$ENTRIES"
fi
if [ ! -f "$GROWN_DB" ]; then
  echo "# repeating the fixture's log to $ENTRIES entries into $GROWN_DB" >&2
  python3 tools/grow_fixture_log.py "$ROOT/tests/fixtures/mw139/fixturewiki.sqlite" "$GROWN_DB" "$ENTRIES"
fi
cp -f "$ROOT/tests/fixtures/mw139/fixturewiki.sqlite" "$FIXTURE_DB"
chmod u+w "$FIXTURE_DB"

PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT

# shellcheck source=tools/bench_serve.sh
. "$ROOT/tools/bench_serve.sh"
serve() { # port db site-name
  serve_release "$1" "$BENCH_DIR/server-$1.log" serve --db "sqlite:$2" --site-name "$3" || exit 1
  PIDS+=("$SERVED_PID")
}

# A lecontinue value near the end of the log (the 60th oldest visible entry).
deep_continue() { # api
  curl -sf "$1?action=query&list=logevents&ledir=newer&lelimit=60&leprop=ids%7Ctimestamp&format=json&formatversion=2" |
    python3 -c '
import json, sys
e = json.load(sys.stdin)["query"]["logevents"][-1]
ts = e["timestamp"].replace("-", "").replace("T", "").replace(":", "").replace("Z", "")
print("%s%%7C%d" % (ts, e["logid"]))'
}

# One wrk run: prints "| label | requests/s | p50 | p99 |" and records the row in RESULTS.
measure() { # label url key
  local out
  # A second of the same requests first, unmeasured: caches warm, connections open.
  wrk -t"$THREADS" -c"$CONNECTIONS" -d1s "$2" >/dev/null 2>&1 || true
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$2" 2>&1)
  if echo "$out" | grep -q "Non-2xx"; then
    echo "wrk saw errors for $2:" >&2
    echo "$out" >&2
  fi
  local rps p50 p99
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  echo "| $1 | $rps | $p50 | $p99 |"
  printf '%s\t%s\t%s\n' "$3" "$rps" "$p99" >>"$RESULTS"
}

suite() { # name api key (server/database, to compare the two servers at the end)
  local api=$2 deep
  deep=$(deep_continue "$api")
  local q="$api?action=query&list=logevents&format=json"
  measure "$1, lelimit=50" "$q&lelimit=50" "$3/lelimit=50"
  measure "$1, lelimit=max" "$q&lelimit=max" "$3/lelimit=max"
  measure "$1, lelimit=50, deep page" "$q&lelimit=50&lecontinue=$deep" "$3/deep page"
}

RESULTS="$BENCH_DIR/results.tsv"
: >"$RESULTS"

serve "$PORT_FIXTURE" "$FIXTURE_DB" "Fixture Wiki"
serve "$PORT_LARGE" "$LARGE_DB" "Bench Wiki"
serve "$PORT_GROWN" "$GROWN_DB" "Fixture Wiki"

echo
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION on $(nproc) cores ($(uname -m)); server and wrk on the same machine"
echo
echo "| request | requests/s | p50 | p99 |"
echo "|---|---|---|---|"
suite "wikiquery, fixture (263 entries)" "http://127.0.0.1:$PORT_FIXTURE/api.php" wikiquery/fixture
suite "wikiquery, $ENTRIES entries" "http://127.0.0.1:$PORT_LARGE/api.php" wikiquery/generated
suite "wikiquery, fixture grown to $ENTRIES entries" "http://127.0.0.1:$PORT_GROWN/api.php" wikiquery/grown
if curl -sf "$MEDIAWIKI?action=query&meta=siteinfo&format=json" >/dev/null 2>&1; then
  suite "MediaWiki 1.39 (php -S), fixture" "$MEDIAWIKI" mediawiki/fixture
else
  echo "(MediaWiki at $MEDIAWIKI does not answer: skipped)" >&2
fi
if [ -n "$MEDIAWIKI_GROWN" ] && curl -sf "$MEDIAWIKI_GROWN?action=query&meta=siteinfo&format=json" >/dev/null 2>&1; then
  suite "MediaWiki 1.39 (php -S), fixture grown to $ENTRIES entries" "$MEDIAWIKI_GROWN" mediawiki/grown
fi

echo
echo "Against the bar (at least 20x MediaWiki's requests/s where MediaWiki was measured, p99 under 10 ms):"
python3 - "$RESULTS" <<'EOF'
import sys

def ms(text):  # wrk's latencies: 820.00us, 3.58ms, 1.02s
    for unit, scale in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * scale
    return float("nan")

rows = {}
for line in open(sys.argv[1]):
    key, rps, p99 = line.rstrip("\n").split("\t")
    rows[key] = (float(rps or "nan"), ms(p99))
print("| request | p99 | x MediaWiki | bar |")
print("|---|---|---|---|")
for key, (rps, p99) in rows.items():
    server, db, kind = key.split("/", 2)
    if server != "wikiquery":
        continue
    reference = rows.get("mediawiki/%s/%s" % (db, kind))
    ratio = rps / reference[0] if reference else None
    met = p99 < 10 and (ratio is None or ratio >= 20)
    print("| %s, %s | %.1f ms | %s | %s |" % (db, kind, p99, "%.1f" % ratio if ratio else "-", "met" if met else "NOT MET"))
EOF
echo
echo "Paging through all $ENTRIES entries with lelimit=max:"
python3 - "http://127.0.0.1:$PORT_LARGE/api.php" <<'EOF'
import json, sys, time, urllib.parse, urllib.request

api = sys.argv[1]
base = {"action": "query", "list": "logevents", "lelimit": "max", "format": "json", "formatversion": "2"}
cont, times, entries = {}, [], 0
while True:
    url = api + "?" + urllib.parse.urlencode({**base, **cont})
    start = time.perf_counter()
    with urllib.request.urlopen(url) as res:
        body = json.loads(res.read())
    times.append(time.perf_counter() - start)
    entries += len(body["query"]["logevents"])
    if "continue" not in body:
        break
    cont = body["continue"]
tenth = max(1, len(times) // 10)
first = sorted(times[:tenth])[tenth // 2] * 1000
last = sorted(times[-tenth:])[tenth // 2] * 1000
print("| pages | entries | total | median page, first tenth | median page, last tenth |")
print("|---|---|---|---|---|")
print("| %d | %d | %.1f s | %.1f ms | %.1f ms |" % (len(times), entries, sum(times), first, last))
EOF
