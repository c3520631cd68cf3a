# shellcheck shell=bash
# Shared helpers for deploy/local: paths, logging, pids, ports, health waits, apt, locking.
# Sourced by infra.sh; never run directly.
# shellcheck disable=SC2034  # the settings below are used by the component files

LOCAL_SCRIPTS="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO_ROOT="$(cd "$LOCAL_SCRIPTS/../.." && pwd)"

# One git-ignored folder holds every download, build, data dir, log and pid file.
PODZ_LOCAL_DIR="$(realpath -m "${PODZ_LOCAL_DIR:-$REPO_ROOT/.local}")"
LOG_DIR="$PODZ_LOCAL_DIR/logs"
RUN_DIR="$PODZ_LOCAL_DIR/run"
BIN_DIR="$PODZ_LOCAL_DIR/bin"

MONGO_PORT="${PODZ_MONGO_PORT:-27017}"
KAFKA_PORT="${PODZ_KAFKA_PORT:-9092}"
KAFKA_CONTROLLER_PORT="${PODZ_KAFKA_CONTROLLER_PORT:-9093}"
REDIS_PORT="${PODZ_REDIS_PORT:-6379}"
FERRETDB_DEBUG_PORT="${PODZ_FERRETDB_DEBUG_PORT:-$((MONGO_PORT + 1000))}"
POSTGRES_PORT="${PODZ_POSTGRES_PORT:-5442}"
SMTP_PORT="${PODZ_SMTP_PORT:-1025}"
MAIL_WEB_PORT="${PODZ_MAIL_WEB_PORT:-1080}"
OPENSEARCH_PORT="${PODZ_OPENSEARCH_PORT:-9200}"
OPENSEARCH_TRANSPORT_PORT="${PODZ_OPENSEARCH_TRANSPORT_PORT:-9300}"
# SeaweedFS: the S3 gateway, and the master, volume and filer servers behind it (each also listens
# on its port + 10000 for gRPC).
S3_PORT="${PODZ_S3_PORT:-8333}"
SEAWEED_MASTER_PORT="${PODZ_SEAWEED_MASTER_PORT:-9333}"
SEAWEED_VOLUME_PORT="${PODZ_SEAWEED_VOLUME_PORT:-9340}"
SEAWEED_FILER_PORT="${PODZ_SEAWEED_FILER_PORT:-8888}"

# "kafka    started  ..." : component name padded so the lines of one run line up.
say() { printf '%-8s %s\n' "$1" "$2"; }
warn() { printf '%-8s %s\n' "$1" "$2" >&2; }
die() {
  printf '%-8s ERROR: %s\n' "$1" "$2" >&2
  exit 1
}

# Paths under the repo are shown relative to it, so the lines stay short.
rel() { printf '%s' "${1#"$REPO_ROOT"/}"; }

init_dirs() { mkdir -p "$LOG_DIR" "$RUN_DIR" "$BIN_DIR"; }

# True when something accepts TCP connections on 127.0.0.1:$1.
port_open() { timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

# Prints the pid from run/<name>.pid when that process is alive and its command line
# contains $2 (guards against a stale pid file whose number was reused by another process).
live_pid() {
  local file="$RUN_DIR/$1.pid" pid cmdline
  [[ -s $file ]] || return 1
  pid="$(tr -dc '0-9' <"$file")"
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null || return 1
  cmdline="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" || return 1
  [[ $cmdline == *"$2"* ]] || return 1
  printf '%s' "$pid"
}

# Starts "$@" in its own session, detached from this script's terminal, pipes and lock fd,
# appending output to logs/<name>.log; the pid is written by the child itself so it is exact.
launch() {
  local name="$1"
  shift
  local pidfile="$RUN_DIR/$name.pid"
  rm -f "$pidfile"
  # shellcheck disable=SC2016  # $$ and "$@" belong to the child shell
  setsid nohup bash -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@" \
    >>"$LOG_DIR/$name.log" 2>&1 </dev/null 9>&- &
  local _
  for _ in $(seq 50); do
    if [[ -s $pidfile ]]; then return 0; fi
    sleep 0.1
  done
  die "$name" "process did not start (no pid file $pidfile)"
}

# Calls the check "$3..." every half second until it succeeds, for at most $2 seconds.
# Fails early when the component's pid ($PID_WATCH, if set) has exited.
# On failure prints the last 30 lines of the log and exits non-zero naming the component.
wait_healthy() {
  local name="$1" timeout="$2"
  shift 2
  local deadline=$((SECONDS + timeout)) why="not healthy within ${timeout}s"
  until "$@"; do
    if [[ -n ${PID_WATCH:-} ]] && ! kill -0 "$PID_WATCH" 2>/dev/null; then
      why="process $PID_WATCH exited during start-up"
      break
    fi
    if ((SECONDS >= deadline)); then break; fi
    sleep 0.5
  done
  "$@" && return 0
  local log="$LOG_DIR/$name.log"
  warn "$name" "FAILED: $why; last 30 lines of $(rel "$log"):"
  tail -n 30 "$log" >&2 2>/dev/null || true
  # Leave nothing half-started behind, so the next up starts clean.
  if [[ -n ${PID_WATCH:-} ]]; then
    kill -KILL "$PID_WATCH" 2>/dev/null || true
    rm -f "$RUN_DIR/$name.pid"
  fi
  die "$name" "failed to start"
}

# SIGTERM, wait up to 15 s for a clean shutdown, then SIGKILL.
stop_pid() {
  local name="$1" pid="$2" _
  kill -TERM "$pid" 2>/dev/null || return 0
  for _ in $(seq 150); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    warn "$name" "did not stop within 15s, sending SIGKILL to $pid"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$RUN_DIR/$name.pid"
}

# Copies the source of Go module $2 at its exact version to $3, writable, for a `go build` there,
# and sets the Go environment for that build: module and build caches under .local (deletable,
# -modcacherw), no cgo. Not `go install pkg@version`: the module proxy reachable here answers that
# command's @v/list request with 403. $1 names the component in messages, $4 is the log.
go_module_source() {
  local name="$1" module="$2" dest="$3" log="$4" dir
  command -v go >/dev/null || export PATH="$PATH:/usr/local/go/bin"
  command -v go >/dev/null || die "$name" "Go is needed to build $module and was not found (looked in PATH and /usr/local/go/bin)"
  export GOMODCACHE="$PODZ_LOCAL_DIR/go/mod" GOCACHE="$PODZ_LOCAL_DIR/go/cache"
  export GOFLAGS="${GOFLAGS:+$GOFLAGS }-modcacherw" CGO_ENABLED=0
  dir="$(cd "$PODZ_LOCAL_DIR" && go mod download -json "$module" 2>>"$log" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
  [[ -d $dir ]] || {
    tail -n 30 "$log" >&2
    die "$name" "go mod download of $module failed (log $(rel "$log"))"
  }
  rm -rf "$dest"
  mkdir -p "$(dirname "$dest")"
  cp -r "$dir" "$dest"
  chmod -R u+w "$dest"
}

# Installs OS packages on a fresh machine; the index is refreshed once per run.
APT_UPDATED=
apt_install() {
  command -v apt-get >/dev/null || die infra "need packages ($*) but apt-get is not available; install them by hand"
  [[ $(id -u) == 0 ]] || die infra "need packages ($*); run as root or install them by hand"
  export DEBIAN_FRONTEND=noninteractive
  # Waits for the dpkg lock rather than failing when another process is installing too.
  local lockwait=(-o DPkg::Lock::Timeout=300)
  if [[ -z $APT_UPDATED ]]; then
    say infra "apt-get update"
    apt-get "${lockwait[@]}" update -qq >/dev/null
    APT_UPDATED=1
  fi
  say infra "apt-get install $*"
  apt-get "${lockwait[@]}" install -y -qq --no-install-recommends "$@" >/dev/null
}

# need_cmd <command> <package>: installs the package when the command is missing.
need_cmd() { command -v "$1" >/dev/null || apt_install "$2"; }

# Serializes concurrent up/down/reset calls (for example parallel test workers).
# The fd is closed in every started process (see launch) so no daemon keeps the lock.
take_lock() {
  need_cmd flock util-linux
  exec 9>"$RUN_DIR/infra.lock"
  flock -w 1200 9 || die infra "timed out waiting for $(rel "$RUN_DIR/infra.lock")"
}
