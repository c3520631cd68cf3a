#!/usr/bin/env bash
# Real infrastructure on loopback for machines without Docker (ARCHITECTURE.md §2):
# FerretDB (MongoDB wire protocol), Apache Kafka in KRaft mode, Redis, and a development mail server;
# on request also OpenSearch (the search service's engine for deployments), SeaweedFS's S3 server
# (media on object storage) and a three-node Kafka cluster (kafka3: RF 3, min ISR 2).
#
#   infra.sh up     [mongo|kafka|redis|mail|opensearch|s3|kafka3 ...]   start (idempotent); no names = the first four
#   infra.sh down   [mongo|kafka|redis|mail|opensearch|s3|kafka3 ...]   stop, keep data
#   infra.sh status                                                     one line per component, always exits 0
#   infra.sh env                                                        MONGO_URL, KAFKA_BROKERS, REDIS_URL, SMTP_URL, MAIL_INBOX_URL, OPENSEARCH_URL, S3_*, KAFKA_CLUSTER_BROKERS
#   infra.sh reset  [mongo|kafka|redis|mail|opensearch|s3|kafka3 ...]   down, then delete the data dirs (caches are kept)
#   infra.sh prepare [mongo|kafka|redis|mail|opensearch|s3|kafka3 ...]  download and build only (npm test builds s3 first)
#
# Everything lives under $PODZ_LOCAL_DIR (default <repo>/.local). Ports: PODZ_MONGO_PORT,
# PODZ_KAFKA_PORT, PODZ_KAFKA_CONTROLLER_PORT, PODZ_REDIS_PORT, PODZ_FERRETDB_DEBUG_PORT,
# PODZ_SMTP_PORT, PODZ_MAIL_WEB_PORT, PODZ_OPENSEARCH_PORT (9200), PODZ_OPENSEARCH_TRANSPORT_PORT (9300),
# PODZ_S3_PORT (8333), PODZ_SEAWEED_MASTER_PORT (9333), PODZ_SEAWEED_VOLUME_PORT (9340),
# PODZ_SEAWEED_FILER_PORT (8888), PODZ_KAFKA3_PORT (9192: brokers 9192-9194), PODZ_KAFKA3_CONTROLLER_PORT
# (9292-9294); SeaweedFS's servers also take their port + 10000 for gRPC.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib/common.sh
source "$HERE/lib/common.sh"
# shellcheck source=ferretdb.sh
source "$HERE/ferretdb.sh"
# shellcheck source=kafka.sh
source "$HERE/kafka.sh"
# shellcheck source=kafka-cluster.sh
source "$HERE/kafka-cluster.sh"
# shellcheck source=redis.sh
source "$HERE/redis.sh"
# shellcheck source=mail.sh
source "$HERE/mail.sh"
# shellcheck source=opensearch.sh
source "$HERE/opensearch.sh"
# shellcheck source=seaweedfs.sh
source "$HERE/seaweedfs.sh"

usage() {
  sed -n '7,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit "$1"
}

# Maps the names people type to the function prefix of each component file.
components() {
  (($# > 0)) || set -- mongo kafka redis mail
  local c
  for c in "$@"; do
    case "$c" in
      mongo | mongodb | ferretdb) echo ferretdb ;;
      kafka) echo kafka ;;
      redis) echo redis ;;
      mail | smtp | maildev) echo mail ;;
      opensearch) echo opensearch ;;
      s3 | seaweedfs) echo seaweedfs ;;
      kafka3 | kafka-cluster) echo kafka3 ;;
      *) die infra "unknown component '$c' (expected mongo, kafka, redis, mail, opensearch, s3 or kafka3)" ;;
    esac
  done
}

# First runs download and build (Go builds of FerretDB and SeaweedFS, Maven resolves of Kafka): do
# those in parallel. OS packages are installed first, one at a time, because apt holds a global lock.
# Each component's build holds a lock of its own, not infra.lock: a platform already running on
# the other components may stop and start them (the fault suite does) while SeaweedFS builds.
prepare_all() {
  local c pid pids=() failed=0
  for c in "$@"; do "${c}_tools"; done
  for c in "$@"; do
    (
      exec 8>"$RUN_DIR/prepare-$c.lock"
      flock -w 1800 8 || die "$c" "timed out waiting for $(rel "$RUN_DIR/prepare-$c.lock")"
      "${c}_prepare"
    ) &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  ((failed == 0)) || die infra "preparing the components failed (see above)"
}

# Those of the named components that are not running yet.
not_running() {
  local c
  for c in "$@"; do
    if "${c}_needs_start"; then echo "$c"; fi
  done
}

cmd="${1:-}"
shift || true
case "$cmd" in
  prepare)
    names="$(components "$@")"
    read -ra list <<<"${names//$'\n'/ }"
    init_dirs
    need_cmd flock util-linux
    prepare_all "${list[@]}"
    ;;
  up | down | reset)
    names="$(components "$@")" # a separate step, so an unknown name stops the script
    read -ra list <<<"${names//$'\n'/ }"
    init_dirs
    take_lock
    if [[ $cmd == up ]]; then
      read -ra starting <<<"$(not_running "${list[@]}" | tr '\n' ' ')"
      ((${#starting[@]} == 0)) || prepare_all "${starting[@]}"
      for c in "${list[@]}"; do "${c}_up"; done
    else
      for c in "${list[@]}"; do "${c}_down"; done
    fi
    if [[ $cmd == reset ]]; then
      for c in "${list[@]}"; do
        while read -r dir; do
          rm -rf "$dir"
          say "${c/ferretdb/mongo}" "data deleted  ($(rel "$dir"))"
        done < <("${c}_data_dirs")
      done
    fi
    ;;
  status)
    init_dirs
    for c in $(components) opensearch seaweedfs kafka3; do "${c}_status"; done
    ;;
  env)
    echo "MONGO_URL=mongodb://127.0.0.1:$MONGO_PORT"
    echo "KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT"
    echo "REDIS_URL=redis://127.0.0.1:$REDIS_PORT"
    echo "SMTP_URL=smtp://127.0.0.1:$SMTP_PORT"
    echo "MAIL_INBOX_URL=http://127.0.0.1:$MAIL_WEB_PORT"
    echo "OPENSEARCH_URL=http://127.0.0.1:$OPENSEARCH_PORT"
    echo "S3_ENDPOINT=http://127.0.0.1:$S3_PORT"
    echo "S3_ACCESS_KEY_ID=$S3_ACCESS_KEY_ID"
    echo "S3_SECRET_ACCESS_KEY=$S3_SECRET_ACCESS_KEY"
    echo "KAFKA_CLUSTER_BROKERS=$(kafka3_brokers)"
    ;;
  -h | --help | help) usage 0 ;;
  *) usage 2 ;;
esac
