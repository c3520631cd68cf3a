# shellcheck shell=bash
# Redis from the OS packages (redis-server), persisted like production's (append-only file, synced
# every second): it holds session versions and revoked tokens, which a restart must not forget.
# The file is rewritten when it has tripled and passed 256 MB, not at Redis' default of doubled and
# 64 MB: a rewrite forks a child that dumps the whole dataset, and on a 2-core machine that also
# runs the platform it took most of a core for about a second every 45 s of `npm run bench`, the
# largest stalls in the show-page figures. On a server of its own Redis can keep the defaults.
# Sourced by infra.sh, which provides lib/common.sh.

REDIS_HOME="$PODZ_LOCAL_DIR/redis"

redis_signature() { printf 'redis-server 127.0.0.1:%s' "$REDIS_PORT"; }

redis_healthy() { [[ $(timeout 3 redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]]; }

redis_needs_start() { ! live_pid redis "$(redis_signature)" >/dev/null && ! port_open "$REDIS_PORT"; }
# redis-tools (redis-cli) comes with redis-server.
redis_tools() { need_cmd redis-server redis-server; }
redis_prepare() { :; }

redis_up() {
  local pid
  if pid="$(live_pid redis "$(redis_signature)")"; then
    wait_healthy redis 120 redis_healthy
    say redis "already running  127.0.0.1:$REDIS_PORT  (pid $pid)"
    return 0
  fi
  if port_open "$REDIS_PORT"; then
    say redis "using existing Redis on port $REDIS_PORT"
    return 0
  fi
  redis_tools
  mkdir -p "$REDIS_HOME"
  rm -f "$RUN_DIR/redis.pid"
  # Redis daemonizes itself and writes its own pid file; fd 9 (the lock) must not leak into it.
  # Its own start-up errors (before it opens --logfile) are appended to the same log.
  # shellcheck disable=SC2094
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --daemonize yes \
    --pidfile "$RUN_DIR/redis.pid" --logfile "$LOG_DIR/redis.log" --dir "$REDIS_HOME" \
    --save '' --appendonly yes --appendfsync everysec \
    --auto-aof-rewrite-percentage 200 --auto-aof-rewrite-min-size 256mb 9>&- </dev/null >>"$LOG_DIR/redis.log" 2>&1 ||
    die redis "redis-server refused to start (log $(rel "$LOG_DIR/redis.log"))"
  # Redis answers LOADING until it has read its append-only file back, which takes seconds per
  # few hundred MB (a checkout that ran many benches holds most of a GB): waited for as long as the
  # process lives, up to two minutes, rather than failed after 15 s while it loads.
  PID_WATCH="$(cat "$RUN_DIR/redis.pid" 2>/dev/null || true)" wait_healthy redis 120 redis_healthy
  pid="$(cat "$RUN_DIR/redis.pid" 2>/dev/null || echo '?')"
  say redis "started  127.0.0.1:$REDIS_PORT  (redis-server $(redis_version), pid $pid, log $(rel "$LOG_DIR/redis.log"))"
}

redis_version() { redis-server --version | sed -n 's/.* v=\([^ ]*\).*/\1/p'; }

redis_down() {
  local pid
  if pid="$(live_pid redis "$(redis_signature)")"; then
    stop_pid redis "$pid"
    say redis "stopped  (pid $pid)"
  elif port_open "$REDIS_PORT"; then
    say redis "not started here, left alone  (port $REDIS_PORT is served by another process)"
  else
    rm -f "$RUN_DIR/redis.pid"
    say redis "not running"
  fi
}

redis_status() {
  local pid
  if pid="$(live_pid redis "$(redis_signature)")"; then
    say redis "running  pid $pid  127.0.0.1:$REDIS_PORT"
  elif port_open "$REDIS_PORT"; then
    say redis "external  127.0.0.1:$REDIS_PORT  (served by a process not started by deploy/local)"
  else
    say redis "stopped  127.0.0.1:$REDIS_PORT"
  fi
}

redis_data_dirs() { printf '%s\n' "$REDIS_HOME"; }
