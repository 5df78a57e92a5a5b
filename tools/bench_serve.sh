# Sourced by the benchmark scripts: starts the release build serving on a loopback port and
# waits until it answers.
#
#   serve_release PORT LOG ARGUMENTS...     sets SERVED_PID; the caller stops it
serve_release() {
  local port=$1 log=$2
  shift 2
  "$ROOT/target/release/wikiquery" "$@" --listen "127.0.0.1:$port" >"$log" 2>&1 &
  SERVED_PID=$!
  wait_answering "$port" || { echo "the server on port $port did not answer; see $log" >&2; return 1; }
}

#   wait_answering PORT                     until the API on that loopback port answers (10 s at most)
wait_answering() {
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$1/api.php?action=query&meta=siteinfo&format=json" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  return 1
}
