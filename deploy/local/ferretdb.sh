# shellcheck shell=bash
# The MongoDB-compatible store: FerretDB v1.24.2 (MongoDB wire protocol) on its PostgreSQL backend
# (PostgreSQL 15 from Debian, postgres.sh), built from source with the machine's Go and seven patches.
# Sourced by infra.sh, which provides lib/common.sh.

# shellcheck source=postgres.sh
source "$HERE/postgres.sh"

FERRETDB_VERSION=v1.24.2
FERRETDB_BIN="$BIN_DIR/ferretdb"
FERRETDB_HOME="$PODZ_LOCAL_DIR/ferretdb"
FERRETDB_SRC="$PODZ_LOCAL_DIR/src/ferretdb-$FERRETDB_VERSION"
# Applied in this order; each says why at the top of what it changes:
#  - atomic-writes: updates, findAndModify and deletes atomic per collection (lost updates otherwise);
#  - keyed-reads: `_id` lookups through the _id index, equality on indexed fields through GIN;
#  - lean-tracking: no leak-detection stack walk and finalizer per iterator outside debug builds;
#  - fast-json: documents decoded from PostgreSQL's JSON with goccy/go-json, not encoding/json;
#  - lean-writes: single-document writes without BEGIN/COMMIT, and no unused btree beside a GIN index;
#  - statement-queries: each statement of an update command frees its connection before the next;
#  - limit-pushdown: a find's limit sent to PostgreSQL when its whole filter is, exactly (booleans).
FERRETDB_PATCHES=(
  "$HERE/ferretdb-atomic-writes.patch"
  "$HERE/ferretdb-keyed-reads.patch"
  "$HERE/ferretdb-lean-tracking.patch"
  "$HERE/ferretdb-fast-json.patch"
  "$HERE/ferretdb-lean-writes.patch"
  "$HERE/ferretdb-statement-queries.patch"
  "$HERE/ferretdb-limit-pushdown.patch"
)
FERRETDB_STAMP="$FERRETDB_BIN.build"
# FerretDB's own tag for a build without its SQLite backend: PODZ runs it on PostgreSQL only, and
# SQLite's pure-Go translation is the largest package of the build.
FERRETDB_TAGS=ferretdb_no_sqlite

ferretdb_signature() { printf '%s --handler=postgresql' "$FERRETDB_BIN"; }

ferretdb_healthy() {
  port_open "$MONGO_PORT" &&
    curl -fsS -o /dev/null --max-time 3 "http://127.0.0.1:$FERRETDB_DEBUG_PORT/debug/readyz"
}

# Why not `go install github.com/FerretDB/FerretDB/cmd/ferretdb@v1.24.2`:
#  - `go install pkg@version` also fetches the module's @v/list (for deprecation notices), and
#    the module proxy reachable here answers that request with 403, so the install fails;
#  - a binary built from the module zip panics at start, because the zip lacks the generated
#    build/version/version.txt that FerretDB embeds.
# So: download the module source, copy it somewhere writable, write version.txt, patch, go build.
# The stamp next to the binary names the version, the patches and the tags it was built with.
ferretdb_build() {
  local want
  want="$FERRETDB_VERSION $(cat "${FERRETDB_PATCHES[@]}" | sha256sum | cut -d' ' -f1) $FERRETDB_TAGS"
  [[ -x $FERRETDB_BIN && "$(cat "$FERRETDB_STAMP" 2>/dev/null)" == "$want" ]] && return 0
  local log="$LOG_DIR/ferretdb-build.log"
  say mongo "building FerretDB $FERRETDB_VERSION from source (first run only, ~1 min)"
  go_module_source mongo "github.com/FerretDB/FerretDB@$FERRETDB_VERSION" "$FERRETDB_SRC" "$log"
  printf '%s\n' "$FERRETDB_VERSION" >"$FERRETDB_SRC/build/version/version.txt"
  # The ceiling keeps git from taking the enclosing repository as the one to patch.
  local patch
  for patch in "${FERRETDB_PATCHES[@]}"; do
    (cd "$FERRETDB_SRC" && GIT_CEILING_DIRECTORIES="$(dirname "$FERRETDB_SRC")" git apply "$patch") \
      >>"$log" 2>&1 ||
      die mongo "applying $(rel "$patch") to FerretDB failed (log $(rel "$log"))"
  done
  (cd "$FERRETDB_SRC" && go build -tags "$FERRETDB_TAGS" -o "$FERRETDB_BIN" ./cmd/ferretdb) >>"$log" 2>&1 || {
    tail -n 30 "$log" >&2
    die mongo "go build of FerretDB failed (log $(rel "$log"))"
  }
  printf '%s\n' "$want" >"$FERRETDB_STAMP"
}

ferretdb_needs_start() { ! live_pid ferretdb "$(ferretdb_signature)" >/dev/null && ! port_open "$MONGO_PORT"; }
ferretdb_tools() {
  need_cmd curl curl
  postgres_tools
}
ferretdb_prepare() {
  ferretdb_build
  mkdir -p "$FERRETDB_HOME/state"
}

# Checkouts from before the move to PostgreSQL ran FerretDB on SQLite; one still running would
# otherwise be taken for "an existing server" and keep the slow store.
ferretdb_stop_sqlite() {
  local pid
  pid="$(live_pid ferretdb "$FERRETDB_BIN --handler=sqlite")" || return 0
  say mongo "stopping FerretDB on SQLite (pid $pid): the store is now on PostgreSQL"
  stop_pid ferretdb "$pid"
}

ferretdb_up() {
  local pid
  ferretdb_stop_sqlite
  if pid="$(live_pid ferretdb "$(ferretdb_signature)")"; then
    wait_healthy ferretdb 30 ferretdb_healthy
    say mongo "already running  127.0.0.1:$MONGO_PORT  (FerretDB, pid $pid)"
    return 0
  fi
  if port_open "$MONGO_PORT"; then
    say mongo "using existing MongoDB-compatible server on port $MONGO_PORT"
    return 0
  fi
  ferretdb_tools
  ferretdb_prepare
  postgres_up
  # Each statement decodes documents from JSON into short-lived garbage: collecting at 4× the live
  # heap instead of 2× halves the collector's share of the CPU for a few tens of MB more memory.
  GOGC="${PODZ_FERRETDB_GOGC:-400}" launch ferretdb "$FERRETDB_BIN" --handler=postgresql --postgresql-url="$(postgres_url)" \
    --listen-addr="127.0.0.1:$MONGO_PORT" --state-dir="$FERRETDB_HOME/state" \
    --debug-addr="127.0.0.1:$FERRETDB_DEBUG_PORT" --telemetry=disable --log-level=warn
  pid="$(cat "$RUN_DIR/ferretdb.pid")"
  PID_WATCH="$pid" wait_healthy ferretdb 30 ferretdb_healthy
  say mongo "started  127.0.0.1:$MONGO_PORT  (FerretDB $FERRETDB_VERSION on PostgreSQL $(postgres_version) at 127.0.0.1:$POSTGRES_PORT, pid $pid, log $(rel "$LOG_DIR/ferretdb.log"))"
}

ferretdb_down() {
  local pid
  if pid="$(live_pid ferretdb "$(ferretdb_signature)")"; then
    stop_pid ferretdb "$pid"
    postgres_down
    say mongo "stopped  (pid $pid, data kept in $(rel "$PG_LINK/data"))"
  elif port_open "$MONGO_PORT"; then
    say mongo "not started here, left alone  (port $MONGO_PORT is served by another process)"
  else
    rm -f "$RUN_DIR/ferretdb.pid"
    postgres_down
    say mongo "not running"
  fi
}

ferretdb_status() {
  local pid
  if pid="$(live_pid ferretdb "$(ferretdb_signature)")"; then
    say mongo "running  pid $pid  127.0.0.1:$MONGO_PORT  (FerretDB on PostgreSQL 127.0.0.1:$POSTGRES_PORT, debug http://127.0.0.1:$FERRETDB_DEBUG_PORT/debug)"
  elif port_open "$MONGO_PORT"; then
    say mongo "external  127.0.0.1:$MONGO_PORT  (served by a process not started by deploy/local)"
  else
    say mongo "stopped  127.0.0.1:$MONGO_PORT"
  fi
}

ferretdb_data_dirs() {
  printf '%s\n' "$FERRETDB_HOME"
  # The cluster, wherever it lives, then the link to it (see pg_home).
  [[ -L $PG_LINK ]] && readlink -f "$PG_LINK"
  printf '%s\n' "$PG_LINK"
}
