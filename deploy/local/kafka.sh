# shellcheck shell=bash
# Apache Kafka 3.9.1, one node in KRaft mode (broker + controller), run from jars that Maven
# resolves from Maven Central: there is no Docker and no Kafka tarball on the machine.
# Sourced by infra.sh, which provides lib/common.sh.

KAFKA_VERSION=3.9.1
KAFKA_HOME="$PODZ_LOCAL_DIR/kafka"
KAFKA_LIBS="$KAFKA_HOME/libs"
KAFKA_DATA="$KAFKA_HOME/data"
KAFKA_CONFIG="$KAFKA_HOME/server.properties"
KAFKA_POM="$LOCAL_SCRIPTS/kafka/pom.xml"

# The broker's main class plus our config path: how live_pid recognises our process.
kafka_signature() { printf 'kafka.Kafka %s' "$KAFKA_CONFIG"; }

# shellcheck disable=SC2153  # KAFKA_PORT comes from lib/common.sh
kafka_healthy() {
  port_open "$KAFKA_PORT" &&
    timeout 10 kcat -b "127.0.0.1:$KAFKA_PORT" -L -m 5 >/dev/null 2>&1
}

# Resolves the jars once; the marker holds the pom's sha256, so only a changed pom resolves again.
kafka_resolve_jars() {
  local sum marker="$KAFKA_HOME/libs.sha256"
  sum="$(sha256sum "$KAFKA_POM" | cut -d' ' -f1)"
  [[ -f $marker && $(cat "$marker") == "$sum" ]] && return 0
  say kafka "resolving Apache Kafka $KAFKA_VERSION jars from Maven Central (first run only)"
  rm -rf "$KAFKA_LIBS"
  mkdir -p "$KAFKA_LIBS"
  # The Maven repository lives under .local too, so `rm -rf .local` really starts from scratch.
  mvn -q -B -f "$KAFKA_POM" -Dmaven.repo.local="$PODZ_LOCAL_DIR/m2" \
    dependency:copy-dependencies -DoutputDirectory="$KAFKA_LIBS" -DincludeScope=runtime \
    >"$LOG_DIR/kafka-mvn.log" 2>&1 || {
    tail -n 30 "$LOG_DIR/kafka-mvn.log" >&2
    die kafka "mvn could not resolve the Kafka jars (log $(rel "$LOG_DIR/kafka-mvn.log"))"
  }
  compgen -G "$KAFKA_LIBS/kafka_2.13-$KAFKA_VERSION.jar" >/dev/null || die kafka "kafka_2.13-$KAFKA_VERSION.jar missing after mvn"
  printf '%s\n' "$sum" >"$marker"
}

kafka_render_config() {
  sed -e "s|@PORT@|$KAFKA_PORT|g" -e "s|@CONTROLLER_PORT@|$KAFKA_CONTROLLER_PORT|g" \
    -e "s|@DATA_DIR@|$KAFKA_DATA|g" "$LOCAL_SCRIPTS/kafka/server.properties" >"$KAFKA_CONFIG"
}

# KRaft needs its log dir formatted with a cluster id once; the id is kept so a reset
# data dir is formatted as the same cluster.
kafka_format() {
  [[ -f $KAFKA_DATA/meta.properties ]] && return 0
  local idfile="$KAFKA_HOME/cluster.id"
  [[ -s $idfile ]] || java -cp "$KAFKA_LIBS/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1 >"$idfile"
  [[ -s $idfile ]] || die kafka "could not generate a cluster id"
  mkdir -p "$KAFKA_DATA"
  java -Dlog4j.configuration="file:$LOCAL_SCRIPTS/kafka/log4j.properties" -cp "$KAFKA_LIBS/*" \
    kafka.tools.StorageTool format -t "$(cat "$idfile")" -c "$KAFKA_CONFIG" --ignore-formatted \
    >>"$LOG_DIR/kafka.log" 2>&1 || {
    tail -n 30 "$LOG_DIR/kafka.log" >&2
    die kafka "formatting the KRaft storage failed"
  }
}

# True when up would have to start a broker (not ours running, port free).
kafka_needs_start() { ! live_pid kafka "$(kafka_signature)" >/dev/null && ! port_open "$KAFKA_PORT"; }

# kcat is the outside client the health check (and the tests) use; kafka_up also installs it
# when another Kafka already serves the port.
kafka_tools() {
  need_cmd kcat kcat
  need_cmd java openjdk-17-jre-headless
  need_cmd mvn maven
}

# Everything before the start that may be slow the first time; cached afterwards.
kafka_prepare() {
  mkdir -p "$KAFKA_HOME"
  kafka_resolve_jars
  kafka_render_config
  kafka_format
}

kafka_up() {
  local pid
  if pid="$(live_pid kafka "$(kafka_signature)")"; then
    wait_healthy kafka 90 kafka_healthy
    say kafka "already running  127.0.0.1:$KAFKA_PORT  (pid $pid)"
    return 0
  fi
  need_cmd kcat kcat
  if port_open "$KAFKA_PORT"; then
    say kafka "using existing Kafka on port $KAFKA_PORT"
    return 0
  fi
  kafka_tools
  kafka_prepare
  launch kafka java -Xms256m -Xmx768m -XX:+UseG1GC -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$LOCAL_SCRIPTS/kafka/log4j.properties" \
    -cp "$KAFKA_LIBS/*" kafka.Kafka "$KAFKA_CONFIG"
  pid="$(cat "$RUN_DIR/kafka.pid")"
  PID_WATCH="$pid" wait_healthy kafka 90 kafka_healthy
  say kafka "started  127.0.0.1:$KAFKA_PORT  (Apache Kafka $KAFKA_VERSION, KRaft, pid $pid, log $(rel "$LOG_DIR/kafka.log"))"
}

kafka_down() {
  local pid
  if pid="$(live_pid kafka "$(kafka_signature)")"; then
    stop_pid kafka "$pid"
    say kafka "stopped  (pid $pid, data kept in $(rel "$KAFKA_DATA"))"
  elif port_open "$KAFKA_PORT"; then
    say kafka "not started here, left alone  (port $KAFKA_PORT is served by another process)"
  else
    rm -f "$RUN_DIR/kafka.pid"
    say kafka "not running"
  fi
}

kafka_status() {
  local pid
  if pid="$(live_pid kafka "$(kafka_signature)")"; then
    say kafka "running  pid $pid  127.0.0.1:$KAFKA_PORT  (controller 127.0.0.1:$KAFKA_CONTROLLER_PORT)"
  elif port_open "$KAFKA_PORT"; then
    say kafka "external  127.0.0.1:$KAFKA_PORT  (served by a process not started by deploy/local)"
  else
    say kafka "stopped  127.0.0.1:$KAFKA_PORT"
  fi
}

kafka_data_dirs() { printf '%s\n' "$KAFKA_DATA"; }
