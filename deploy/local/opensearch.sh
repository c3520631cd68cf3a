# shellcheck shell=bash
# OpenSearch 2.19.6, one node, run from jars that Maven resolves from Maven Central (there is no
# Docker and no OpenSearch tarball on the machine) with a small launcher compiled here
# (opensearch/PodzOpenSearch.java). Not one of the four default components: the search service's
# OpenSearch suite starts it, or `infra.sh up opensearch`. Sourced by infra.sh.

OPENSEARCH_VERSION=2.19.6
OPENSEARCH_HOME="$PODZ_LOCAL_DIR/opensearch"
OPENSEARCH_LIBS="$OPENSEARCH_HOME/libs"
OPENSEARCH_CLASSES="$OPENSEARCH_HOME/classes"
OPENSEARCH_NODE="$OPENSEARCH_HOME/node"
OPENSEARCH_POM="$LOCAL_SCRIPTS/opensearch/pom.xml"
OPENSEARCH_LAUNCHER="$LOCAL_SCRIPTS/opensearch/PodzOpenSearch.java"

opensearch_signature() { printf 'PodzOpenSearch %s' "$OPENSEARCH_NODE"; }

# shellcheck disable=SC2153  # OPENSEARCH_PORT comes from lib/common.sh
opensearch_healthy() {
  curl -fsS --max-time 5 "http://127.0.0.1:$OPENSEARCH_PORT/_cluster/health" 2>/dev/null |
    grep -Eq '"status":"(green|yellow)"'
}

# Resolves the jars and compiles the launcher once; the marker holds both files' sha256.
opensearch_resolve() {
  local sum marker="$OPENSEARCH_HOME/libs.sha256"
  sum="$(cat "$OPENSEARCH_POM" "$OPENSEARCH_LAUNCHER" | sha256sum | cut -d' ' -f1)"
  [[ -f $marker && $(cat "$marker") == "$sum" ]] && return 0
  say opensearch "resolving OpenSearch $OPENSEARCH_VERSION jars from Maven Central (first run only)"
  rm -rf "$OPENSEARCH_LIBS" "$OPENSEARCH_CLASSES"
  mkdir -p "$OPENSEARCH_LIBS" "$OPENSEARCH_CLASSES"
  mvn -q -B -f "$OPENSEARCH_POM" -Dmaven.repo.local="$PODZ_LOCAL_DIR/m2" \
    dependency:copy-dependencies -DoutputDirectory="$OPENSEARCH_LIBS" -DincludeScope=runtime \
    >"$LOG_DIR/opensearch-mvn.log" 2>&1 || {
    tail -n 30 "$LOG_DIR/opensearch-mvn.log" >&2
    die opensearch "mvn could not resolve the OpenSearch jars (log $(rel "$LOG_DIR/opensearch-mvn.log"))"
  }
  javac -d "$OPENSEARCH_CLASSES" -cp "$OPENSEARCH_LIBS/*" "$OPENSEARCH_LAUNCHER" \
    >>"$LOG_DIR/opensearch-mvn.log" 2>&1 || {
    tail -n 30 "$LOG_DIR/opensearch-mvn.log" >&2
    die opensearch "the launcher did not compile"
  }
  printf '%s\n' "$sum" >"$marker"
}

opensearch_needs_start() { ! live_pid opensearch "$(opensearch_signature)" >/dev/null && ! port_open "$OPENSEARCH_PORT"; }

opensearch_tools() {
  need_cmd curl curl
  need_cmd javac openjdk-17-jdk-headless
  need_cmd mvn maven
}

opensearch_prepare() {
  mkdir -p "$OPENSEARCH_NODE/config"
  opensearch_resolve
}

opensearch_up() {
  local pid
  if pid="$(live_pid opensearch "$(opensearch_signature)")"; then
    wait_healthy opensearch 120 opensearch_healthy
    say opensearch "already running  127.0.0.1:$OPENSEARCH_PORT  (pid $pid)"
    return 0
  fi
  if port_open "$OPENSEARCH_PORT"; then
    say opensearch "using existing OpenSearch on port $OPENSEARCH_PORT"
    return 0
  fi
  opensearch_tools
  opensearch_prepare
  launch opensearch java -Xms512m -Xmx512m -XX:+UseG1GC -Djava.awt.headless=true \
    -Dlog4j2.formatMsgNoLookups=true -cp "$OPENSEARCH_CLASSES:$OPENSEARCH_LIBS/*" \
    PodzOpenSearch "$OPENSEARCH_NODE" "$OPENSEARCH_PORT" "$OPENSEARCH_TRANSPORT_PORT"
  pid="$(cat "$RUN_DIR/opensearch.pid")"
  PID_WATCH="$pid" wait_healthy opensearch 120 opensearch_healthy
  say opensearch "started  127.0.0.1:$OPENSEARCH_PORT  (OpenSearch $OPENSEARCH_VERSION, pid $pid, log $(rel "$LOG_DIR/opensearch.log"))"
}

opensearch_down() {
  local pid
  if pid="$(live_pid opensearch "$(opensearch_signature)")"; then
    stop_pid opensearch "$pid"
    say opensearch "stopped  (pid $pid, data kept in $(rel "$OPENSEARCH_NODE/data"))"
  elif port_open "$OPENSEARCH_PORT"; then
    say opensearch "not started here, left alone  (port $OPENSEARCH_PORT is served by another process)"
  else
    rm -f "$RUN_DIR/opensearch.pid"
    say opensearch "not running"
  fi
}

opensearch_status() {
  local pid
  if pid="$(live_pid opensearch "$(opensearch_signature)")"; then
    say opensearch "running  pid $pid  127.0.0.1:$OPENSEARCH_PORT"
  elif port_open "$OPENSEARCH_PORT"; then
    say opensearch "external  127.0.0.1:$OPENSEARCH_PORT  (served by a process not started by deploy/local)"
  else
    say opensearch "stopped  127.0.0.1:$OPENSEARCH_PORT  (optional: infra.sh up opensearch)"
  fi
}

opensearch_data_dirs() { printf '%s\n' "$OPENSEARCH_NODE/data"; }
