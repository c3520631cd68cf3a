# shellcheck shell=bash
# PostgreSQL 15 from Debian's packages: the storage under FerretDB. One cluster, initialised once
# under .local/postgres, listening on loopback only. Sourced by infra.sh (through ferretdb.sh,
# which starts it first and stops it last), with lib/common.sh.

PG_VERSION=15
PG_BIN="/usr/lib/postgresql/$PG_VERSION/bin"
PG_LINK="$PODZ_LOCAL_DIR/postgres"
PG_DB=ferretdb
PG_USER=ferretdb

# The server refuses to run as root, so root runs it as Debian's `postgres` account. That account
# must reach the data directory: when the checkout sits under a folder it cannot enter (/root, say),
# the cluster lives under /var/lib/podz and .local/postgres links to it, so reset still finds it.
pg_home() {
  if [[ $(id -u) != 0 ]] || as_pg test -x "$PODZ_LOCAL_DIR"; then
    printf '%s' "$PG_LINK"
  else
    printf '/var/lib/podz/postgres-%s' "$(printf '%s' "$PODZ_LOCAL_DIR" | sha1sum | cut -c1-12)"
  fi
}

as_pg() {
  if [[ $(id -u) == 0 ]]; then
    setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"
  else
    "$@"
  fi
}

postgres_data() { printf '%s/data' "$(readlink -f "$PG_LINK" 2>/dev/null || pg_home)"; }
postgres_signature() { printf 'postgres -D %s' "$(postgres_data)"; }
postgres_url() { printf 'postgres://%s@127.0.0.1:%s/%s' "$PG_USER" "$POSTGRES_PORT" "$PG_DB"; }

postgres_healthy() {
  "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$POSTGRES_PORT" -U "$PG_USER" -d "$PG_DB" -t 2
}

postgres_tools() {
  [[ -x $PG_BIN/postgres ]] || apt_install "postgresql-$PG_VERSION"
  need_cmd setpriv util-linux
  # Debian's package creates the account; a machine that has the binaries without it gets one.
  if [[ $(id -u) == 0 ]] && ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /usr/sbin/nologin postgres
  fi
}

# initdb once. Trust authentication is safe only because nothing but loopback is listened on.
postgres_init() {
  local home data
  home="$(pg_home)"
  if [[ $home != "$PG_LINK" && ! -L $PG_LINK ]]; then
    mkdir -p "$home"
    rm -rf "$PG_LINK"
    ln -s "$home" "$PG_LINK"
  fi
  mkdir -p "$home"
  data="$home/data"
  [[ -s $data/PG_VERSION ]] && return 0
  [[ $(id -u) == 0 ]] && chown postgres: "$home"
  say mongo "initialising a PostgreSQL $PG_VERSION cluster in $(rel "$PG_LINK/data") (first run only)"
  as_pg "$PG_BIN/initdb" -D "$data" -U "$PG_USER" --auth=trust -E UTF8 --locale=C.UTF-8 \
    >>"$LOG_DIR/postgres-init.log" 2>&1 ||
    die mongo "initdb failed (log $(rel "$LOG_DIR/postgres-init.log"))"
  # Sized for the 2-core development machine; FerretDB opens a pool of connections per client.
  cat >>"$data/postgresql.conf" <<'CONF'

# --- PODZ (deploy/local/postgres.sh) ---
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
max_connections = 200
shared_buffers = 256MB
effective_cache_size = 1GB
work_mem = 8MB
logging_collector = off
CONF
}

postgres_up() {
  local pid
  if pid="$(live_pid postgres "$(postgres_signature)")"; then
    wait_healthy postgres 30 postgres_healthy
    return 0
  fi
  port_open "$POSTGRES_PORT" &&
    die mongo "port $POSTGRES_PORT is taken by another process; set PODZ_POSTGRES_PORT to a free port"
  postgres_tools
  postgres_init
  # The log is written by the server's own user, so it is not the shared logs/ one.
  local data log
  data="$(postgres_data)"
  log="$LOG_DIR/postgres.log"
  touch "$log"
  [[ $(id -u) == 0 ]] && chown postgres: "$log"
  # Started in the foreground under launch (not pg_ctl), so its pid file names the server itself.
  local run_as=()
  [[ $(id -u) == 0 ]] && run_as=(setpriv --reuid=postgres --regid=postgres --init-groups --)
  # FerretDB holds a collection's write lock until its commit returns, so each commit's wait for
  # the WAL flush is paid by every writer of that collection in turn. Without it a crash of the
  # machine may lose the last moments of commits (never consistency); this is a development store.
  launch postgres "${run_as[@]}" "$PG_BIN/postgres" -D "$data" -p "$POSTGRES_PORT" \
    -c synchronous_commit=off
  pid="$(cat "$RUN_DIR/postgres.pid")"
  PID_WATCH="$pid" wait_healthy postgres 60 postgres_ready
  "$PG_BIN/psql" -h 127.0.0.1 -p "$POSTGRES_PORT" -U "$PG_USER" -d postgres -qtAc \
    "SELECT 1 FROM pg_database WHERE datname = '$PG_DB'" | grep -q 1 ||
    "$PG_BIN/createdb" -h 127.0.0.1 -p "$POSTGRES_PORT" -U "$PG_USER" "$PG_DB" ||
    die mongo "creating the $PG_DB database failed"
}

# Ready for connections at all (the database itself may not exist yet on a first run).
postgres_ready() { "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$POSTGRES_PORT" -U "$PG_USER" -d postgres -t 2; }

# SIGINT is PostgreSQL's fast shutdown: SIGTERM would wait for every client to disconnect.
postgres_down() {
  local pid _
  pid="$(live_pid postgres "$(postgres_signature)")" || {
    rm -f "$RUN_DIR/postgres.pid"
    return 0
  }
  kill -INT "$pid" 2>/dev/null || true
  for _ in $(seq 300); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  rm -f "$RUN_DIR/postgres.pid"
}

postgres_version() { "$PG_BIN/postgres" --version | sed -n 's/.*(PostgreSQL) \([0-9.]*\).*/\1/p'; }
