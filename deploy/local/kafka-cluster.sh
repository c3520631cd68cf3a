# shellcheck shell=bash
# Apache Kafka as a cluster of three KRaft nodes (each a broker and a controller) on loopback:
# replication factor 3, min.insync.replicas 2. On request only (`infra.sh up kafka3`): the platform
# and the tests use the single node of kafka.sh; the fault suite's broker scenario runs against this.
# Same jars as kafka.sh. Sourced by infra.sh after kafka.sh.

KAFKA3_HOME="$PODZ_LOCAL_DIR/kafka3"
KAFKA3_NODES=(1 2 3)
# Brokers on KAFKA3_PORT, +1, +2; controllers on KAFKA3_CONTROLLER_PORT, +1, +2.
KAFKA3_PORT="${PODZ_KAFKA3_PORT:-9192}"
KAFKA3_CONTROLLER_PORT="${PODZ_KAFKA3_CONTROLLER_PORT:-9292}"

kafka3_port() { printf '%s' $((KAFKA3_PORT + $1 - 1)); }
kafka3_config() { printf '%s' "$KAFKA3_HOME/node-$1/server.properties"; }
kafka3_signature() { printf 'kafka.Kafka %s' "$(kafka3_config "$1")"; }
kafka3_brokers() {
  local n list=()
  for n in "${KAFKA3_NODES[@]}"; do list+=("127.0.0.1:$(kafka3_port "$n")"); done
  (
    IFS=,
    printf '%s' "${list[*]}"
  )
}

kafka3_node_healthy() { port_open "$(kafka3_port "$1")"; }

# Healthy when every node serves its port and the cluster reports all three brokers.
kafka3_healthy() {
  local n
  for n in "${KAFKA3_NODES[@]}"; do kafka3_node_healthy "$n" || return 1; done
  [[ $(timeout 10 kcat -b "$(kafka3_brokers)" -L -m 5 2>/dev/null | grep -c '^  broker ') == 3 ]]
}

kafka3_needs_start() {
  local n
  for n in "${KAFKA3_NODES[@]}"; do
    live_pid "kafka3-node-$n" "$(kafka3_signature "$n")" >/dev/null || return 0
  done
  return 1
}

kafka3_tools() { kafka_tools; }

# The jars (shared with the single node), each node's config, and its storage formatted once
# with the cluster's id.
kafka3_prepare() {
  local n voters=() idfile="$KAFKA3_HOME/cluster.id"
  mkdir -p "$KAFKA3_HOME"
  kafka_resolve_jars
  for n in "${KAFKA3_NODES[@]}"; do voters+=("$n@127.0.0.1:$((KAFKA3_CONTROLLER_PORT + n - 1))"); done
  [[ -s $idfile ]] || java -cp "$KAFKA_LIBS/*" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1 >"$idfile"
  [[ -s $idfile ]] || die kafka3 "could not generate a cluster id"
  for n in "${KAFKA3_NODES[@]}"; do
    local dir="$KAFKA3_HOME/node-$n"
    mkdir -p "$dir/data"
    sed -e "s|@NODE_ID@|$n|g" -e "s|@PORT@|$(kafka3_port "$n")|g" \
      -e "s|@CONTROLLER_PORT@|$((KAFKA3_CONTROLLER_PORT + n - 1))|g" \
      -e "s|@VOTERS@|$(
        IFS=,
        printf '%s' "${voters[*]}"
      )|g" \
      -e "s|@DATA_DIR@|$dir/data|g" "$LOCAL_SCRIPTS/kafka/cluster.properties" >"$(kafka3_config "$n")"
    [[ -f $dir/data/meta.properties ]] && continue
    java -Dlog4j.configuration="file:$LOCAL_SCRIPTS/kafka/log4j.properties" -cp "$KAFKA_LIBS/*" \
      kafka.tools.StorageTool format -t "$(cat "$idfile")" -c "$(kafka3_config "$n")" --ignore-formatted \
      >>"$LOG_DIR/kafka3-node-$n.log" 2>&1 || die kafka3 "formatting node $n's storage failed"
  done
}

# Starts whichever nodes are not running (so it also brings back a node the fault suite killed),
# then waits for the whole cluster.
kafka3_up() {
  local n pid
  kafka3_tools
  kafka3_prepare
  for n in "${KAFKA3_NODES[@]}"; do
    live_pid "kafka3-node-$n" "$(kafka3_signature "$n")" >/dev/null && continue
    port_open "$(kafka3_port "$n")" && die kafka3 "port $(kafka3_port "$n") is taken by another process"
    launch "kafka3-node-$n" java -Xms128m -Xmx512m -XX:+UseG1GC -Djava.awt.headless=true \
      -Dlog4j.configuration="file:$LOCAL_SCRIPTS/kafka/log4j.properties" \
      -cp "$KAFKA_LIBS/*" kafka.Kafka "$(kafka3_config "$n")"
  done
  wait_healthy kafka3 120 kafka3_healthy
  pid="$(cat "$RUN_DIR/kafka3-node-1.pid")"
  say kafka3 "running  $(kafka3_brokers)  (3 KRaft nodes, RF 3, min ISR 2; node 1 pid $pid, logs $(rel "$LOG_DIR")/kafka3-node-*.log)"
}

kafka3_down() {
  local n pid
  for n in "${KAFKA3_NODES[@]}"; do
    if pid="$(live_pid "kafka3-node-$n" "$(kafka3_signature "$n")")"; then
      stop_pid "kafka3-node-$n" "$pid"
      say kafka3 "node $n stopped  (pid $pid)"
    fi
  done
}

kafka3_status() {
  local n pid
  for n in "${KAFKA3_NODES[@]}"; do
    if pid="$(live_pid "kafka3-node-$n" "$(kafka3_signature "$n")")"; then
      say kafka3 "node $n running  pid $pid  127.0.0.1:$(kafka3_port "$n")"
    else
      say kafka3 "node $n stopped  127.0.0.1:$(kafka3_port "$n")  (optional: infra.sh up kafka3)"
    fi
  done
}

kafka3_data_dirs() {
  local n
  for n in "${KAFKA3_NODES[@]}"; do printf '%s\n' "$KAFKA3_HOME/node-$n/data"; done
}
