#!/usr/bin/env bash
# Benchmarks single requests on the MediaWiki 1.39 fixture: requests per second and p50/p99
# latency (wrk) of each request in REQUESTS below, against wikiquery (release build, serving
# the fixture with its settings file) and, when it answers, the reference MediaWiki
# (MEDIAWIKI, default http://127.0.0.1:8081/api.php, serving the same database; see the
# README's "Speed"). Ends with each request against the bar — p99 under 10 ms and at least 20x
# MediaWiki's requests/s in the same run — and the server's resident memory afterwards.
#
#   tools/bench_requests.sh
#   DURATION=30s tools/bench_requests.sh
#   ONLY=allrevisions-500 tools/bench_requests.sh     # the requests whose label matches (a regex)
#   SET=everyday tools/bench_requests.sh          # the everyday request set of clients (issue 20)
#   SET=content tools/bench_requests.sh           # parse trees, diffs and template expansion
#   SET=actions tools/bench_requests.sh           # the read actions and the other formats (issue 35)
#   SET=render tools/bench_requests.sh            # pages rendered (action=parse, rvparse; issue 36)
#   SET=help tools/bench_requests.sh              # the help page and the described catalogue (issue 37)
#   LOGIN=Admin:FixtureAdminPass-2024 ONLY=own tools/bench_requests.sh   # logged in on both servers
#                                               (action=clientlogin), with the logged-in requests
#   COMPRESS=gzip SET=everyday tools/bench_requests.sh   # clients that accept gzip (also br, zstd),
#                                               with each answer's bytes as sent and unsent; for a
#                                               MediaWiki that compresses too, serve it with PHP's
#                                               zlib.output_compression on (php -d ...) and point
#                                               MEDIAWIKI at it
#
# Needs wrk, curl and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

BENCH_DIR=${BENCH_DIR:-/tmp/wikiquery-bench}
DURATION=${DURATION:-10s}
THREADS=${THREADS:-2}
CONNECTIONS=${CONNECTIONS:-8}
MEDIAWIKI=${MEDIAWIKI:-http://127.0.0.1:8081/api.php}
PORT=${PORT:-8096}
ONLY=${ONLY:-}

# label and query string, one a line.
REQUESTS='revisions-content	action=query&prop=revisions&titles=Lion&rvprop=content|ids|timestamp&rvslots=main&format=json&formatversion=2
allrevisions-500	action=query&list=allrevisions&arvlimit=500&format=json&formatversion=2
users	action=query&list=users&ususers=Admin|Alice|Mallory|FixtureBot&usprop=groups|editcount|registration|blockinfo&format=json&formatversion=2
allusers-max	action=query&list=allusers&aulimit=max&auprop=groups|editcount&format=json&formatversion=2
blocks	action=query&list=blocks&bkprop=id|user|by|timestamp|expiry|reason|range|flags&format=json&formatversion=2
contributors	action=query&prop=contributors&titles=Dog|Prague|Talk:Cat&format=json&formatversion=2
linkshere	action=query&prop=linkshere|redirects|langlinks|extlinks|categoryinfo&titles=Cat|Dog|Category:Animals&lhlimit=max&format=json&formatversion=2
backlinks-redirect	action=query&list=backlinks&bltitle=Cat&blredirect=1&bllimit=max&format=json&formatversion=2
categorymembers-max	action=query&list=categorymembers&cmtitle=Category:Animals&cmprop=ids|title|sortkey|type|timestamp&cmlimit=max&format=json&formatversion=2
alllinks-max	action=query&list=alllinks&alprop=ids|title&allimit=max&format=json&formatversion=2
exturlusage-max	action=query&list=exturlusage&eulimit=max&format=json&formatversion=2
imageinfo-history	action=query&prop=imageinfo&titles=File:Example.png|File:Diagram.svg|File:Notes.txt&iilimit=max&iiprop=timestamp|user|comment|url|size|sha1|mime|metadata|archivename&format=json&formatversion=2
allimages-max	action=query&list=allimages&ailimit=max&aiprop=timestamp|user|url|size|sha1|mime&format=json&formatversion=2
filearchive-all	action=query&list=filearchive&faprop=sha1|timestamp|user|size|mime&format=json&formatversion=2
prefixsearch	action=query&list=prefixsearch&pssearch=Ca&pslimit=10&format=json&formatversion=2
random-10	action=query&list=random&rnlimit=10&format=json&formatversion=2
querypage-wantedpages	action=query&list=querypage&qppage=Wantedpages&qplimit=max&format=json&formatversion=2
querypage-ancientpages	action=query&list=querypage&qppage=Ancientpages&qplimit=max&format=json&formatversion=2
siteinfo-client-start	action=query&meta=siteinfo|userinfo&siprop=general|namespaces|namespacealiases|interwikimap|magicwords&format=json&formatversion=2
allmessages	action=query&meta=allmessages&ammessages=january|february|march|sitenotice|nbytes&amargs=3&amenableparser=1&format=json&formatversion=2
allmessages-all	action=query&meta=allmessages&amincludelocal=1&format=json&formatversion=2
languageinfo-all	action=query&meta=languageinfo&liprop=code|bcp47|dir|autonym|fallbacks|variants&format=json&formatversion=2'

# What clients ask all day (SET=everyday): measured instead of the set above.
EVERYDAY='siteinfo	action=query&meta=siteinfo&siprop=general|namespaces&format=json&formatversion=2
userinfo	action=query&meta=userinfo&uiprop=groups|rights&format=json&formatversion=2
allpages-500	action=query&list=allpages&aplimit=500&format=json&formatversion=2
revisions-content	action=query&prop=revisions&titles=Lion&rvprop=content|ids|timestamp&rvslots=main&format=json&formatversion=2
generator-allpages-info-50	action=query&generator=allpages&gaplimit=50&prop=info&format=json&formatversion=2
categorymembers-500	action=query&list=categorymembers&cmtitle=Category:Animals&cmlimit=500&format=json&formatversion=2
recentchanges-100	action=query&list=recentchanges&rclimit=100&format=json&formatversion=2
usercontribs-500	action=query&list=usercontribs&ucuser=Alice&uclimit=500&format=json&formatversion=2
prefixsearch	action=query&list=prefixsearch&pssearch=Ca&format=json&formatversion=2
search	action=query&list=search&srsearch=animal&format=json&formatversion=2
paraminfo-3	action=paraminfo&modules=query%2Ballpages|query%2Brevisions|query%2Blogevents&format=json&formatversion=2
logevents-50	action=query&list=logevents&lelimit=50&format=json&formatversion=2
logevents-max	action=query&list=logevents&lelimit=max&format=json&formatversion=2'
# The content as the deprecated revision parameters give it (SET=content): the preprocessor's
# tree, a diff, template expansion.
CONTENT='parsetree	action=query&prop=revisions&titles=Lion&rvprop=parsetree&format=json&formatversion=2
diffto-prev	action=query&prop=revisions&titles=Lion&rvprop=ids&rvdiffto=prev&format=json&formatversion=2
difftotext	action=query&prop=revisions&titles=Lion&rvprop=ids&rvdifftotext=Hello%0Aworld&format=json&formatversion=2
expandtemplates	action=query&prop=revisions&titles=Lion&rvprop=content&rvexpandtemplates=1&format=json&formatversion=2
expandtemplates-50	action=query&generator=allpages&gaplimit=50&prop=revisions&rvprop=content&rvexpandtemplates=1&format=json&formatversion=2'
# The read actions around the query layer and the formats other than JSON (SET=actions). The
# recent-changes feeds ask for 90 days: a MediaWiki served for comparison reckons the window
# from its process clock, which the fixture's frozen instant does not hold back.
ACTIONS='opensearch	action=opensearch&search=Ca
opensearch-xml	action=opensearch&search=Ca&format=xml
expandtemplates	action=expandtemplates&title=Lion&text=%7B%7BInfobox%7D%7D%20%7B%7BNav%7D%7D&prop=wikitext&format=json&formatversion=2
compare-revisions	action=compare&fromrev=43&torev=262&format=json&formatversion=2
compare-pages	action=compare&fromtitle=Cat&totitle=Dog&prop=diff|ids|title|size&format=json&formatversion=2
export-50	action=query&generator=allpages&gaplimit=50&export&exportnowrap
export-one	action=query&titles=Cat&export&exportnowrap
php-allpages-500	action=query&list=allpages&aplimit=500&format=php&formatversion=2
php-siteinfo	action=query&meta=siteinfo&siprop=general|namespaces&format=php
xml-userinfo	action=query&meta=userinfo&format=xml
xml-languagevariants	action=query&meta=siteinfo&siprop=languagevariants&format=xml
feed-contributions	action=feedcontributions&user=Alice
feed-contributions-range-atom	action=feedcontributions&user=198.51.100.0/24&feedformat=atom
feed-recentchanges	action=feedrecentchanges&days=90
feed-recentchanges-related-atom	action=feedrecentchanges&days=90&target=Cat&feedformat=atom'

# Pages rendered (SET=render): a given text (which MediaWiki parses every time, with no cache),
# a page by name (which MediaWiki serves from its parser cache after the first request) and a
# revision's content rendered; wikiquery renders each every time.
RENDER='parse-text	action=parse&title=Lion&text=%7B%7BInfobox%7Cname%3DLion%7D%7D%0A%27%27%27Lion%27%27%27%20is%20a%20%5B%5BCat%7Cbig%20cat%5D%5D%20of%20%5B%5BAfrica%5D%5D.%0A%0A%3D%3D%20Range%20%3D%3D%0A*%20%5B%5BKenya%5D%5D%0A*%20%5B%5BTanzania%5D%5D%0A%0A%3D%3D%20See%20also%20%3D%3D%0A%5Bhttps%3A%2F%2Fexample.org%20Lions%5D%20%5B%5BCategory%3AAnimals%5D%5D&prop=text|links|categories&disablelimitreport=1&format=json&formatversion=2
parse-page	action=parse&page=Lion&prop=text|links|templates|categories|sections&format=json&formatversion=2
rvparse	action=query&prop=revisions&titles=Lion&rvprop=content&rvparse=1&format=json&formatversion=2'

# The API describing itself (SET=help): the page a browser gets at api.php, one module's help,
# the catalogue described in HTML, and the discovery document.
HELP='help-main	action=help
help-module	action=help&modules=query%2Brevisions
paraminfo-html	action=paraminfo&modules=query%2Ballpages|query%2Brevisions|parse&helpformat=html&format=json&formatversion=2
rsd	action=rsd'

if [ "${SET:-}" = everyday ]; then
  REQUESTS=$EVERYDAY
elif [ "${SET:-}" = content ]; then
  REQUESTS=$CONTENT
elif [ "${SET:-}" = actions ]; then
  REQUESTS=$ACTIONS
elif [ "${SET:-}" = render ]; then
  REQUESTS=$RENDER
elif [ "${SET:-}" = help ]; then
  REQUESTS=$HELP
fi

# What only a logged-in caller asks (measured with LOGIN).
REQUESTS_LOGGED_IN='own-userinfo	action=query&meta=userinfo&uiprop=groups|rights|editcount|registrationdate|unreadcount|latestcontrib|options&format=json&formatversion=2
own-tokens	action=query&meta=tokens&type=*&format=json&formatversion=2
own-watchlist	action=query&list=watchlist&wllimit=max&wlprop=ids|title|timestamp|user|comment|sizes|flags&format=json&formatversion=2
own-allpages-500	action=query&list=allpages&aplimit=500&format=json&formatversion=2'
LOGIN=${LOGIN:-}
if [ -n "$LOGIN" ]; then
  REQUESTS="$REQUESTS
$REQUESTS_LOGGED_IN"
fi

mkdir -p "$BENCH_DIR"
DB="$BENCH_DIR/fixturewiki-requests.sqlite"
cp -f "$ROOT/tests/fixtures/mw139/fixturewiki.sqlite" "$DB"
chmod u+w "$DB"

echo "# building (release)" >&2
cargo build --release -q -p wikiquery
# shellcheck source=tools/bench_serve.sh
. "$ROOT/tools/bench_serve.sh"
serve_release "$PORT" "$BENCH_DIR/server-$PORT.log" --config "$ROOT/tests/fixtures/mw139/wikiquery.toml" serve \
  --db "sqlite:$DB"
PID=$SERVED_PID
trap 'kill $PID 2>/dev/null || true' EXIT
WIKIQUERY="http://127.0.0.1:$PORT/api.php"

# The Cookie header of a session logged in as LOGIN on the API at $1 (empty without LOGIN).
session_cookie() {
  [ -n "$LOGIN" ] || return 0
  local jar="$BENCH_DIR/jar-$RANDOM" token
  token=$(curl -sf -c "$jar" -b "$jar" "$1?action=query&meta=tokens&type=login&format=json" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["query"]["tokens"]["logintoken"])')
  curl -sf -c "$jar" -b "$jar" "$1" --data-urlencode action=clientlogin --data-urlencode "username=${LOGIN%%:*}" \
    --data-urlencode "password=${LOGIN#*:}" --data-urlencode loginreturnurl=http://127.0.0.1/ \
    --data-urlencode "logintoken=$token" --data-urlencode format=json | grep -q '"PASS"' ||
    { echo "cannot log in to $1 as ${LOGIN%%:*}" >&2; exit 1; }
  awk '!/^#/ || /^#HttpOnly_/ {if (NF >= 7) printf "%s%s=%s", (n++ ? "; " : ""), $6, $7}' "$jar"
}
WIKIQUERY_COOKIE=$(session_cookie "$WIKIQUERY")

RESULTS="$BENCH_DIR/requests-results.tsv"
: >"$RESULTS"
COMPRESS=${COMPRESS:-}
measure() { # server label url [cookie]
  local out rps p50 p99 header=()
  [ -n "${4:-}" ] && header=(-H "Cookie: $4")
  [ -n "$COMPRESS" ] && header+=(-H "Accept-Encoding: $COMPRESS")
  wrk -t"$THREADS" -c"$CONNECTIONS" -d1s "${header[@]}" "$3" >/dev/null 2>&1 || true
  out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "${header[@]}" "$3" 2>&1)
  if echo "$out" | grep -q "Non-2xx"; then
    echo "wrk saw errors for $3:" >&2
    echo "$out" >&2
  fi
  rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
  p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
  p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
  echo "| $1 | $2 | $rps | $p50 | $p99 |"
  printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$rps" "$p99" >>"$RESULTS"
}

echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION on $(nproc) cores ($(uname -m)); servers and wrk on the same machine"
echo "| server | request | requests/s | p50 | p99 |"
echo "|---|---|---|---|---|"
mediawiki_up=false
curl -sf "$MEDIAWIKI?action=query&meta=siteinfo&format=json" >/dev/null 2>&1 && mediawiki_up=true
MEDIAWIKI_COOKIE=""
$mediawiki_up && MEDIAWIKI_COOKIE=$(session_cookie "$MEDIAWIKI")
while IFS=$'\t' read -r label query; do
  [[ -z "$ONLY" || "$label" =~ $ONLY ]] || continue
  measure wikiquery "$label" "$WIKIQUERY?$query" "$WIKIQUERY_COOKIE"
  if $mediawiki_up; then
    measure mediawiki "$label" "$MEDIAWIKI?$query" "$MEDIAWIKI_COOKIE"
  fi
done <<<"$REQUESTS"

echo
echo "Against the bar (p99 under 10 ms, at least 20x MediaWiki's requests/s where it was measured):"
python3 - "$RESULTS" <<'PY'
import sys

def ms(text):  # wrk's latencies: 820.00us, 3.58ms, 1.02s
    for unit, scale in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * scale
    return float("nan")

rows = {}
for line in open(sys.argv[1]):
    server, label, rps, p99 = line.rstrip("\n").split("\t")
    rows[(server, label)] = (float(rps or "nan"), ms(p99))
print("| request | requests/s | p99 | x MediaWiki | bar |")
print("|---|---|---|---|---|")
for (server, label), (rps, p99) in rows.items():
    if server != "wikiquery":
        continue
    reference = rows.get(("mediawiki", label))
    # MediaWiki may finish no request of a slow kind within the run: then every ratio is met.
    ratio = rps / reference[0] if reference and reference[0] > 0 else None
    shown = "%.1f" % ratio if ratio else ("none of MediaWiki's finished" if reference else "-")
    met = p99 < 10 and (ratio is None or ratio >= 20)
    print("| %s | %.0f | %.2f ms | %s | %s |" % (label, rps, p99, shown, "met" if met else "NOT MET"))
PY
if [ -n "$COMPRESS" ]; then
  echo
  echo "Bytes of each answer's body from wikiquery, as it is and in $COMPRESS:"
  echo "| request | bytes | $COMPRESS | share |"
  echo "|---|---|---|---|"
  while IFS=$'\t' read -r label query; do
    [[ -z "$ONLY" || "$label" =~ $ONLY ]] || continue
    raw=$(curl -s -o /dev/null -w '%{size_download}' "$WIKIQUERY?$query")
    packed=$(curl -s -o /dev/null -w '%{size_download}' -H "Accept-Encoding: $COMPRESS" "$WIKIQUERY?$query")
    echo "| $label | $raw | $packed | $(python3 -c "print('%.0f%%' % (100 * $packed / max($raw, 1)))") |"
  done <<<"$REQUESTS"
fi
echo
echo "wikiquery's resident memory after the run: $(awk '/VmRSS/ {print $2, $3}' /proc/$PID/status)"
