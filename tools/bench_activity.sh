#!/usr/bin/env bash
# Benchmarks the activity lists on the MediaWiki 1.39 fixture grown to CHANGES recent changes
# (default 1,000,000; tools/grow_fixture_changes.py repeats its revisions and recent changes):
#   - list=recentchanges&rclimit=100
#   - list=recentchanges&rclimit=500 with title|timestamp|ids|user|comment|sizes|flags|loginfo|tags
#   - list=usercontribs&uclimit=500 of the busiest user (Alice)
# requests per second and p50/p99 latency (wrk), against wikiquery (release build) and, when
# MEDIAWIKI_GROWN answers, MediaWiki 1.39 serving the same grown file (the README's "Speed" says
# how). Then pages through the whole feed and through Alice's contributions with limit max and
# compares the cost of the first and the last pages. Ends with each request against the bar: p99
# under 10 ms, at least 20x MediaWiki's requests/s in the same run.
#
#   tools/bench_activity.sh
#   ONLY=usercontribs tools/bench_activity.sh      # the requests whose label matches (a regex)
#   DURATION=30s CHANGES=200000 MEDIAWIKI_GROWN=http://127.0.0.1:8085/api.php tools/bench_activity.sh
#
# Needs wrk, curl and python3. The grown database is kept in BENCH_DIR (default
# /tmp/wikiquery-bench) and reused by later runs.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

BENCH_DIR=${BENCH_DIR:-/tmp/wikiquery-bench}
CHANGES=${CHANGES:-1000000}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-8}
PORT=${PORT:-8095}
ONLY=${ONLY:-}
MEDIAWIKI_GROWN=${MEDIAWIKI_GROWN:-}

mkdir -p "$BENCH_DIR"
DB="$BENCH_DIR/fixture-changes-$CHANGES.sqlite"

echo "# building (release)" >&2
cargo build --release -q -p wikiquery
if [ ! -f "$DB" ]; then
  echo "# repeating the fixture's history to $CHANGES recent changes into $DB" >&2
  python3 tools/grow_fixture_changes.py "$ROOT/tests/fixtures/mw139/fixturewiki.sqlite" "$DB" "$CHANGES"
fi

# shellcheck source=tools/bench_serve.sh
. "$ROOT/tools/bench_serve.sh"
serve_release "$PORT" "$BENCH_DIR/server-$PORT.log" --config tests/fixtures/mw139/wikiquery.toml serve --db "sqlite:$DB"
PID=$SERVED_PID
trap 'kill $PID 2>/dev/null || true' EXIT

REQUESTS='recentchanges-100	action=query&list=recentchanges&rclimit=100&format=json&formatversion=2
recentchanges-500-props	action=query&list=recentchanges&rclimit=500&rcprop=title%7Ctimestamp%7Cids%7Cuser%7Ccomment%7Csizes%7Cflags%7Cloginfo%7Ctags&format=json&formatversion=2
usercontribs-500	action=query&list=usercontribs&ucuser=Alice&uclimit=500&format=json&formatversion=2'

RESULTS="$BENCH_DIR/activity-results.tsv"
: >"$RESULTS"
measure() { # label url key
  local out rps p50 p99
  wrk -t"$THREADS" -c"$CONNECTIONS" -d1s "$2" >/dev/null 2>&1 || true
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$2" 2>&1)
  if echo "$out" | grep -q "Non-2xx"; then
    echo "wrk saw errors for $2:" >&2
    echo "$out" >&2
  fi
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  echo "| $1 | $rps | $p50 | $p99 |"
  printf '%s\t%s\t%s\n' "$3" "$rps" "$p99" >>"$RESULTS"
}

echo
echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION on $(nproc) cores; server and wrk on the same machine; $CHANGES recent changes"
echo
echo "| request | requests/s | p50 | p99 |"
echo "|---|---|---|---|"
while IFS=$'\t' read -r label query; do
  if [ -n "$ONLY" ] && ! [[ "$label" =~ $ONLY ]]; then continue; fi
  measure "wikiquery, $label" "http://127.0.0.1:$PORT/api.php?$query" "wikiquery/$label"
  if [ -n "$MEDIAWIKI_GROWN" ] && curl -sf "$MEDIAWIKI_GROWN?action=query&meta=siteinfo&format=json" >/dev/null 2>&1; then
    measure "MediaWiki 1.39, $label" "$MEDIAWIKI_GROWN?$query" "mediawiki/$label"
  fi
done <<<"$REQUESTS"
echo
echo "resident memory of wikiquery: $(($(awk '/VmRSS/ {print $2}' /proc/$PID/status) / 1024)) MB"

echo
echo "Against the bar (at least 20x MediaWiki's requests/s where MediaWiki was measured, p99 under 10 ms):"
python3 - "$RESULTS" <<'EOF'
import sys

def ms(text):
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
    server, label = key.split("/", 1)
    if server != "wikiquery":
        continue
    reference = rows.get("mediawiki/" + label)
    ratio = rps / reference[0] if reference else None
    met = p99 < 10 and (ratio is None or ratio >= 20)
    print("| %s | %.1f ms | %s | %s |" % (label, p99, "%.1f" % ratio if ratio else "-", "met" if met else "NOT MET"))
EOF

echo
echo "Paging to the end with limit max (cost of a page near the start and near the end):"
python3 - "http://127.0.0.1:$PORT/api.php" <<'EOF'
import json, sys, time, urllib.parse, urllib.request

api = sys.argv[1]
print("| listing | pages | items | total | median page, first tenth | median page, last tenth |")
print("|---|---|---|---|---|---|")
for name, base in (
    ("recentchanges", {"list": "recentchanges", "rclimit": "max"}),
    ("usercontribs", {"list": "usercontribs", "ucuser": "Alice", "uclimit": "max"}),
):
    base = {"action": "query", "format": "json", "formatversion": "2", **base}
    cont, times, items = {}, [], 0
    while True:
        url = api + "?" + urllib.parse.urlencode({**base, **cont})
        start = time.perf_counter()
        with urllib.request.urlopen(url) as res:
            body = json.loads(res.read())
        times.append(time.perf_counter() - start)
        items += len(body["query"][name])
        if "continue" not in body:
            break
        cont = body["continue"]
    tenth = max(1, len(times) // 10)
    first = sorted(times[:tenth])[tenth // 2] * 1000
    last = sorted(times[-tenth:])[tenth // 2] * 1000
    print("| %s | %d | %d | %.1f s | %.1f ms | %.1f ms |" % (name, len(times), items, sum(times), first, last))
EOF
