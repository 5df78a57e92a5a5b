#!/usr/bin/env bash
# Runs every client script of this directory against the wiki whose API is at URL_BASE/api.php and
# whose main page is at URL_BASE/index.php/Main_Page, e.g. wikiquery or MediaWiki 1.39 serving
# the fixture (README.md):
#   tests/clients/run-against.sh http://127.0.0.1:8081
# URL_BASE is `http://HOST:PORT` with no path (the mwclient scripts connect to HOST at path /).
# Each script runs in a temporary directory of its own (pywikibot leaves its caches where it runs);
# the exit status is non-zero if any script fails.
# The *_logs_in scripts log in with the bot passwords of
# tests/fixtures/oracle/accounts/bot_passwords.sql: they must be in that wiki's database
# (`server/tests/clients.rs` adds them to its copy; for MediaWiki see README.md).
set -uo pipefail
BASE=${1:?usage: run-against.sh URL_BASE   (e.g. http://127.0.0.1:8081)}
BASE=${BASE%/}
HERE=$(cd "$(dirname "$0")" && pwd)
HOST=${BASE#*://}

failed=()
for script in "$HERE"/*.py "$HERE"/*.mjs; do
  name=$(basename "$script")
  case "$name" in
    mwclient_*.py) run=(python3 "$script" "$HOST") ;;
    mwapi_*.py) run=(python3 "$script" "$BASE") ;;
    pywikibot_*.py) run=(python3 "$script" "$BASE/index.php/Main_Page") ;;
    pymediawiki_*.py) run=(python3 "$script" "$BASE/api.php") ;;
    feedparser_*.py) run=(python3 "$script" "$BASE/api.php") ;;
    sandbox_*.mjs) continue ;;  # wikiquery's own sandbox page, which MediaWiki serves elsewhere
    *.mjs) run=(node "$script" "$BASE/api.php") ;;
    *) echo "FAIL $name: run-against.sh does not know which URL it takes"; failed+=("$name"); continue ;;
  esac
  dir=$(mktemp -d "${TMPDIR:-/tmp}/wikiquery-client-${name%.*}.XXXXXX")
  if out=$(cd "$dir" && "${run[@]}" </dev/null 2>&1); then
    echo "ok   $name: $(printf '%s\n' "$out" | tail -n 1)"
  else
    echo "FAIL $name:"
    printf '%s\n' "$out" | sed 's/^/    /'
    failed+=("$name")
  fi
  rm -rf "$dir"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "${#failed[@]} failed: ${failed[*]}"
  exit 1
fi
echo "all passed against $BASE"
