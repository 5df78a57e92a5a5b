#!/usr/bin/env bash
# Measures requests on a big wiki: the release build serves DB (an SQLite database, e.g. one
# `wikiquery import` made of `tools/gen_wiki.py`'s dump), and each request below is asked with
# wrk for DURATION at CONNECTIONS connections: requests/s, p50, p99; then the server's resident
# memory. The requests name what the database holds: its biggest category, its most transcluded
# template, its most active editor, its longest page history, a common and a rare word, and
# points deep into each listing (found with sqlite3 before the run).
#
#   tools/bench_scale.sh DB
#   DURATION=10s ONLY=categorymembers tools/bench_scale.sh DB
#
# Needs wrk, curl, sqlite3 and python3, and `cargo build --release` done.
set -euo pipefail
cd "$(dirname "$0")/.."
DB=${1:?usage: tools/bench_scale.sh DB}
DURATION=${DURATION:-5s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-8}
PORT=${PORT:-8097}
ONLY=${ONLY:-}
BIN=target/release/wikiquery
[ -x "$BIN" ] || { echo "build the release binary first: cargo build --release" >&2; exit 1; }

q() { sqlite3 "$DB" "$1"; }
enc() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1].replace("_", " "), safe=""))' "$1"; }

echo "reading the database's extremes..." >&2
CATEGORY=$(enc "$(q "SELECT cl_to FROM categorylinks GROUP BY cl_to ORDER BY COUNT(*) DESC LIMIT 1")")
CATEGORY_N=$(q "SELECT COUNT(*) FROM categorylinks WHERE cl_to = (SELECT cl_to FROM categorylinks GROUP BY cl_to ORDER BY COUNT(*) DESC LIMIT 1)")
TEMPLATE=$(enc "$(q "SELECT lt_title FROM templatelinks JOIN linktarget ON lt_id = tl_target_id WHERE lt_namespace = 10 GROUP BY lt_id ORDER BY COUNT(*) DESC LIMIT 1")")
TEMPLATE_N=$(q "SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM templatelinks GROUP BY tl_target_id)")
EDITOR=$(enc "$(q "SELECT actor_name FROM actor JOIN user ON user_id = actor_user ORDER BY user_editcount DESC LIMIT 1")")
EDITOR_N=$(q "SELECT MAX(user_editcount) FROM user")
HISTORY_ID=$(q "SELECT rev_page FROM revision GROUP BY rev_page ORDER BY COUNT(*) DESC LIMIT 1")
HISTORY_N=$(q "SELECT COUNT(*) FROM revision WHERE rev_page = $HISTORY_ID")
LINKED=$(enc "$(q "SELECT lt_title FROM pagelinks JOIN linktarget ON lt_id = pl_target_id WHERE lt_namespace = 0 GROUP BY lt_id ORDER BY COUNT(*) DESC LIMIT 1" 2>/dev/null || q "SELECT pl_title FROM pagelinks WHERE pl_namespace = 0 GROUP BY pl_title ORDER BY COUNT(*) DESC LIMIT 1")")
MIDDLE_TITLE=$(enc "$(q "SELECT page_title FROM page WHERE page_namespace = 0 ORDER BY page_title LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM page WHERE page_namespace = 0)")")
MIDDLE_REV=$(q "SELECT MAX(rev_id) / 2 FROM revision")
MIDDLE_TS=$(q "SELECT rev_timestamp FROM revision WHERE rev_id = (SELECT MAX(rev_id) / 2 FROM revision)")
MIDDLE_LOG=$(q "SELECT log_timestamp || '|' || log_id FROM logging ORDER BY log_id LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM logging)")
PAGES=$(q "SELECT COUNT(*) FROM page")
REVISIONS=$(q "SELECT COUNT(*) FROM revision")
echo "$PAGES pages, $REVISIONS revisions; category of $CATEGORY_N members, template in $TEMPLATE_N pages, editor of $EDITOR_N edits, history of $HISTORY_N revisions" >&2

F='format=json&formatversion=2'
REQUESTS="allpages-deep	action=query&list=allpages&apfrom=$MIDDLE_TITLE&aplimit=500&$F
categorymembers-sortkey	action=query&list=categorymembers&cmtitle=Category:$CATEGORY&cmlimit=500&$F
categorymembers-timestamp	action=query&list=categorymembers&cmtitle=Category:$CATEGORY&cmsort=timestamp&cmlimit=500&$F
categorymembers-timestamp-desc	action=query&list=categorymembers&cmtitle=Category:$CATEGORY&cmsort=timestamp&cmdir=desc&cmlimit=500&$F
generator-category-info	action=query&generator=categorymembers&gcmtitle=Category:$CATEGORY&gcmlimit=500&prop=info&$F
embeddedin	action=query&list=embeddedin&eititle=Template:$TEMPLATE&eilimit=500&$F
backlinks	action=query&list=backlinks&bltitle=$LINKED&bllimit=500&$F
linkshere	action=query&prop=linkshere&titles=$LINKED&lhlimit=500&$F
usercontribs	action=query&list=usercontribs&ucuser=$EDITOR&uclimit=500&$F
usercontribs-deep	action=query&list=usercontribs&ucuser=$EDITOR&ucstart=$MIDDLE_TS&uclimit=500&$F
history	action=query&prop=revisions&pageids=$HISTORY_ID&rvlimit=500&rvprop=ids|timestamp|user|comment|size&$F
history-deep	action=query&prop=revisions&pageids=$HISTORY_ID&rvlimit=50&rvstartid=$(q "SELECT rev_id FROM revision WHERE rev_page = $HISTORY_ID ORDER BY rev_id LIMIT 1 OFFSET $((HISTORY_N / 2))")&$F
allrevisions-deep	action=query&list=allrevisions&arvstart=$MIDDLE_TS&arvlimit=500&$F
revisions-content	action=query&prop=revisions&revids=$MIDDLE_REV&rvprop=content|ids&rvslots=main&$F
logevents	action=query&list=logevents&lelimit=500&$F
logevents-deep	action=query&list=logevents&lecontinue=$MIDDLE_LOG&lelimit=500&$F
logevents-namespace	action=query&list=logevents&lenamespace=0&lelimit=500&$F
recentchanges	action=query&list=recentchanges&rclimit=500&$F
random-10	action=query&list=random&rnlimit=10&$F
generator-random-info	action=query&generator=random&grnlimit=20&prop=info&$F
allusers-editcount	action=query&list=allusers&aulimit=500&auprop=editcount|groups&$F
blocks-ip	action=query&list=blocks&bkshow=ip&bklimit=500&$F
prefixsearch	action=query&list=prefixsearch&pssearch=Ri&pslimit=10&$F
search-rare	action=query&list=search&srsearch=glacier%20comet&srlimit=50&$F
search-common	action=query&list=search&srsearch=river&srlimit=50&$F
search-text	action=query&list=search&srsearch=river&srwhat=text&srlimit=50&$F"

DIR=$(mktemp -d)
trap 'kill $(cat "$DIR/pid" 2>/dev/null) 2>/dev/null || true; rm -rf "$DIR"' EXIT
"$BIN" --db "sqlite:$DB" --listen "127.0.0.1:$PORT" > "$DIR/log" 2>&1 &
echo $! > "$DIR/pid"
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/healthz" > /dev/null && break; sleep 0.2; done

printf '%-32s %10s %9s %9s %9s\n' request 'req/s' p50 p99 'one (ms)'
while IFS=$'\t' read -r label query; do
  [ -n "$ONLY" ] && ! [[ $label =~ $ONLY ]] && continue
  url="http://127.0.0.1:$PORT/api.php?$query"
  one=$(curl -s -o /dev/null -w '%{time_total}' "$url")
  code=$(curl -s "$url" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("error",{}).get("code","ok"))')
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$url")
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  printf '%-32s %10s %9s %9s %9s %s\n' "$label" "$rps" "$p50" "$p99" "$(awk "BEGIN {printf \"%.1f\", $one * 1000}")" "$([ "$code" = ok ] || echo "($code)")"
done <<< "$REQUESTS"
echo "resident memory after the run: $(awk '/VmRSS/ {print $2 / 1024 " MB"}' /proc/$(cat "$DIR/pid")/status)"
