#!/usr/bin/env bash
# Real replicated databases on loopback, for the replication tests, the load test and the
# README's example: a MariaDB primary with two replicas (GTID replication) and a PostgreSQL
# primary with a streaming standby, each a server of its own under DIR.
#
#   tools/replication.sh start DIR    start what is not running (idempotent), wait until it answers
#   tools/replication.sh stop DIR     stop every server under DIR
#   tools/replication.sh status DIR   one line per server: port and whether it answers
#   tools/replication.sh env DIR      the URLs, as the tests read them from the environment
#
# Ports (loopback only): MariaDB 3311 (primary), 3312 and 3313 (replicas); PostgreSQL 5441
# (primary) and 5442 (standby). Set WIKIQUERY_REPL_MARIADB_PORT / WIKIQUERY_REPL_PG_PORT to move
# each family (the others follow it). Every database is named `wiki` and is empty until a
# client imports into the primary; the replicas follow. Nothing is kept between machines:
# DIR is scratch space. Each MariaDB server's pid is in DIR/mariadbN/server.pid.
set -euo pipefail

cmd=${1:?usage: replication.sh start|stop|status|env DIR}
DIR=${2:?usage: replication.sh start|stop|status|env DIR}
MPORT=${WIKIQUERY_REPL_MARIADB_PORT:-3311}
PPORT=${WIKIQUERY_REPL_PG_PORT:-5441}
PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)}
# PostgreSQL refuses to run as root; its servers run as this user.
PGUSER_OS=${PGUSER_OS:-postgres}
TIMEOUT=${WIKIQUERY_REPL_TIMEOUT:-60}

mariadb_ports() { echo "$MPORT $((MPORT + 1)) $((MPORT + 2))"; }
pg_ports() { echo "$PPORT $((PPORT + 1))"; }

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u "$PGUSER_OS" -- "$@"; else "$@"; fi
}

sql() { # PORT SQL...
  local port=$1; shift
  mariadb --protocol=tcp -h 127.0.0.1 -P "$port" -u root -N -B -e "$*"
}

mariadb_up() { mariadb-admin --protocol=tcp --connect-timeout=5 -h 127.0.0.1 -P "$1" -u root ping --silent >/dev/null 2>&1; }
pg_up() { "$PGBIN/pg_isready" -q -h 127.0.0.1 -p "$1" -U postgres -d postgres >/dev/null 2>&1; }

wait_for() { # what test...
  local what=$1; shift
  for _ in $(seq 1 $((TIMEOUT * 4))); do
    if "$@"; then return 0; fi
    sleep 0.25
  done
  echo "replication.sh: $what did not come up within ${TIMEOUT}s" >&2
  return 1
}

# Whether the server whose files are in D runs: its pid names a mariadbd on D's data (a pid
# file left by a crash may name another process by now).
mariadb_running() { # D
  local pid
  pid=$(cat "$1/server.pid" 2>/dev/null) || return 1
  { tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null | grep -q -- "--datadir=$1/data"
}

start_mariadb_server() { # N PORT
  local n=$1 port=$2 d="$DIR/mariadb$1"
  mariadb_up "$port" && return 0
  # Running but slow to answer: wait for it rather than start a second server on its files (one
  # that fails to start removes the running one's pid file as it exits).
  if mariadb_running "$d"; then
    wait_for "MariaDB on port $port" mariadb_up "$port"
    return
  fi
  mkdir -p "$d"
  if [ ! -d "$d/data/mysql" ]; then
    mariadb-install-db --no-defaults --datadir="$d/data" --user="$(id -un)" \
      --auth-root-authentication-method=normal --skip-test-db >"$d/install.log" 2>&1
  fi
  local role=()
  if [ "$n" != 1 ]; then role=(--read-only=1 --relay-log="$d/relay"); fi
  # Started in the background, bounded by nothing but `stop`: the test run or the CI script
  # stops it. Loopback only, no name resolution, a small buffer pool.
  setsid mariadbd --no-defaults --user="$(id -un)" --datadir="$d/data" --port="$port" \
    --bind-address=127.0.0.1 --socket="$d/sock" --pid-file="$d/pid" --log-error="$d/error.log" \
    --server-id="$n" --log-bin="$d/binlog" --binlog-format=ROW --log-slave-updates=1 \
    --gtid-strict-mode=1 --skip-name-resolve --innodb-buffer-pool-size=64M \
    --innodb-log-file-size=48M --max-connections=500 "${role[@]}" </dev/null >/dev/null 2>&1 &
  # The server's pid, kept by this script (mariadbd's own pid file goes with the server).
  echo $! >"$d/server.pid"
  wait_for "MariaDB on port $port" mariadb_up "$port"
}

start_mariadb() {
  read -r p1 p2 p3 <<<"$(mariadb_ports)"
  start_mariadb_server 1 "$p1"
  # Users first, so that the replicas receive them through replication.
  sql "$p1" "CREATE USER IF NOT EXISTS 'repl'@'127.0.0.1' IDENTIFIED BY 'repl';
    GRANT REPLICATION SLAVE ON *.* TO 'repl'@'127.0.0.1';
    CREATE USER IF NOT EXISTS 'root'@'127.0.0.1';
    GRANT ALL ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;
    CREATE DATABASE IF NOT EXISTS wiki;" 2>/dev/null || mariadb -S "$DIR/mariadb1/sock" -u root -e "
    CREATE USER IF NOT EXISTS 'repl'@'127.0.0.1' IDENTIFIED BY 'repl';
    GRANT REPLICATION SLAVE ON *.* TO 'repl'@'127.0.0.1';
    CREATE USER IF NOT EXISTS 'root'@'127.0.0.1';
    GRANT ALL ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;
    CREATE DATABASE IF NOT EXISTS wiki;"
  local n=2
  for port in "$p2" "$p3"; do
    start_mariadb_server "$n" "$port"
    # Over TCP once the replica has the primary's users (a server another DIR started), else
    # through its socket (a new replica, which has only its own root).
    local running
    running=$( (sql "$port" "SHOW SLAVE STATUS" 2>/dev/null || mariadb -S "$DIR/mariadb$n/sock" -u root -N -B \
      -e "SHOW SLAVE STATUS") | wc -l)
    if [ "$running" = 0 ]; then
      mariadb -S "$DIR/mariadb$n/sock" -u root -e "
        CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=$p1, MASTER_USER='repl',
          MASTER_PASSWORD='repl', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1;
        START SLAVE;"
    fi
    n=$((n + 1))
  done
  # The replicas have the primary's users and database once they have caught up.
  for port in "$p2" "$p3"; do
    wait_for "the replica on port $port" sql "$port" "SELECT 1 FROM mysql.user WHERE User='root' AND Host='127.0.0.1'" >/dev/null
  done
}

start_pg() {
  read -r p1 p2 <<<"$(pg_ports)"
  local d1="$DIR/pg1" d2="$DIR/pg2"
  mkdir -p "$d1" "$d2"
  chmod 755 "$DIR"
  [ "$(id -u)" = 0 ] && chown "$PGUSER_OS" "$d1" "$d2"
  local opts="-c listen_addresses=127.0.0.1 -c unix_socket_directories= -c wal_level=replica"
  opts+=" -c max_wal_senders=5 -c hot_standby=on -c hot_standby_feedback=on -c shared_buffers=32MB"
  opts+=" -c wal_receiver_status_interval=1s -c max_connections=200"
  if ! pg_up "$p1"; then
    if [ ! -f "$d1/data/PG_VERSION" ]; then
      as_pg "$PGBIN/initdb" -D "$d1/data" -A trust -U postgres >"$d1/initdb.log" 2>&1
    fi
    as_pg "$PGBIN/pg_ctl" -D "$d1/data" -l "$d1/server.log" -o "-p $p1 $opts" -w -t "$TIMEOUT" start >/dev/null
  fi
  as_pg "$PGBIN/psql" -h 127.0.0.1 -p "$p1" -U postgres -qAt -c "SELECT 1 FROM pg_database WHERE datname = 'wiki'" \
    | grep -q 1 || as_pg "$PGBIN/psql" -h 127.0.0.1 -p "$p1" -U postgres -q -c "CREATE DATABASE wiki"
  if ! pg_up "$p2"; then
    if [ ! -f "$d2/data/PG_VERSION" ]; then
      as_pg "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$p1" -U postgres -D "$d2/data" -R -X stream -c fast >"$d2/basebackup.log" 2>&1
    fi
    as_pg "$PGBIN/pg_ctl" -D "$d2/data" -l "$d2/server.log" -o "-p $p2 $opts" -w -t "$TIMEOUT" start >/dev/null
  fi
  wait_for "the standby on port $p2" pg_up "$p2"
}

stop_all() {
  local n=1
  for port in $(mariadb_ports); do
    mariadb-admin --protocol=tcp -h 127.0.0.1 -P "$port" -u root shutdown >/dev/null 2>&1 ||
      { [ -f "$DIR/mariadb$n/server.pid" ] && kill "$(cat "$DIR/mariadb$n/server.pid")" 2>/dev/null; } || true
    n=$((n + 1))
  done
  for d in "$DIR/pg2" "$DIR/pg1"; do
    [ -f "$d/data/postmaster.pid" ] && as_pg "$PGBIN/pg_ctl" -D "$d/data" -m fast -w stop >/dev/null 2>&1 || true
  done
  for port in $(mariadb_ports); do
    for _ in $(seq 1 80); do mariadb_up "$port" || break; sleep 0.25; done
  done
  rm -f "$DIR"/mariadb*/server.pid
}

case "$cmd" in
  start)
    mkdir -p "$DIR"
    DIR=$(cd "$DIR" && pwd)
    start_mariadb
    start_pg
    ;;
  stop) stop_all ;;
  status)
    for port in $(mariadb_ports); do
      printf 'mariadb %s %s\n' "$port" "$(mariadb_up "$port" && echo up || echo down)"
    done
    for port in $(pg_ports); do
      printf 'postgresql %s %s\n' "$port" "$(pg_up "$port" && echo up || echo down)"
    done
    ;;
  env)
    read -r p1 p2 p3 <<<"$(mariadb_ports)"
    read -r q1 q2 <<<"$(pg_ports)"
    echo "WIKIQUERY_REPL_MARIADB=mysql://root@127.0.0.1:$p1/wiki"
    echo "WIKIQUERY_REPL_MARIADB_REPLICAS=mysql://root@127.0.0.1:$p2/wiki,mysql://root@127.0.0.1:$p3/wiki"
    echo "WIKIQUERY_REPL_PG=postgres://postgres@127.0.0.1:$q1/wiki"
    echo "WIKIQUERY_REPL_PG_STANDBY=postgres://postgres@127.0.0.1:$q2/wiki"
    ;;
  *) echo "usage: replication.sh start|stop|status|env DIR" >&2; exit 2 ;;
esac
