# shellcheck shell=bash
# S3-compatible object storage: SeaweedFS (Apache-2.0) built from its Go module with the machine's
# Go, run as one `weed server` (master, volume, filer and the S3 gateway) on loopback. MinIO is
# AGPL, so not this. Not one of the four default components: the catalog's S3 suite starts it, or
# `infra.sh up s3`. One access key, from s3-identities.json, signs requests (SigV4) as any S3
# client would: the credentials are local-only and say so. Sourced by infra.sh.

# SeaweedFS tags releases as 3.x/4.x but its module has no /vN path, so the proxy serves pseudo-versions.
SEAWEED_VERSION=v0.0.0-20261109003541-7506e5f91cd6
SEAWEED_BIN="$BIN_DIR/weed"
SEAWEED_STAMP="$SEAWEED_BIN.build"
SEAWEED_HOME="$PODZ_LOCAL_DIR/seaweedfs"
SEAWEED_SRC="$PODZ_LOCAL_DIR/src/seaweedfs"
SEAWEED_IDENTITIES="$LOCAL_SCRIPTS/s3-identities.json"
# What `infra.sh env` prints and the S3 suite signs with.
S3_ACCESS_KEY_ID=podz-local
S3_SECRET_ACCESS_KEY=podz-local-not-a-secret

seaweedfs_signature() { printf 'weed server -dir=%s' "$SEAWEED_HOME/data"; }

# The gateway answers an unsigned request with 403 AccessDenied once it is serving.
seaweedfs_healthy() {
  [[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 3 "http://127.0.0.1:$S3_PORT/" 2>/dev/null) == 403 ]]
}

seaweedfs_needs_start() { ! live_pid s3 "$(seaweedfs_signature)" >/dev/null && ! port_open "$S3_PORT"; }

seaweedfs_tools() { need_cmd curl curl; }

# Built from the module's source like FerretDB (`go_module_source`); the stamp names the version.
seaweedfs_build() {
  [[ -x $SEAWEED_BIN && "$(cat "$SEAWEED_STAMP" 2>/dev/null)" == "$SEAWEED_VERSION" ]] && return 0
  local log="$LOG_DIR/seaweedfs-build.log"
  say s3 "building SeaweedFS $SEAWEED_VERSION from source (first run only, ~4 min)"
  go_module_source s3 "github.com/seaweedfs/seaweedfs@$SEAWEED_VERSION" "$SEAWEED_SRC" "$log"
  # Niced: on a first `npm test` the build runs beside the fault suite's platform, which it must
  # not slow; on an idle machine it takes the cores all the same.
  (cd "$SEAWEED_SRC" && nice -n 10 go build -o "$SEAWEED_BIN" ./weed) >>"$log" 2>&1 || {
    tail -n 30 "$log" >&2
    die s3 "go build of SeaweedFS failed (log $(rel "$log"))"
  }
  # The source is only needed to build: 150 MB less under .local.
  rm -rf "$SEAWEED_SRC"
  printf '%s\n' "$SEAWEED_VERSION" >"$SEAWEED_STAMP"
}

seaweedfs_prepare() { seaweedfs_build; }

seaweedfs_up() {
  local pid
  if pid="$(live_pid s3 "$(seaweedfs_signature)")"; then
    wait_healthy s3 60 seaweedfs_healthy
    say s3 "already running  127.0.0.1:$S3_PORT  (pid $pid)"
    return 0
  fi
  if port_open "$S3_PORT"; then
    say s3 "using existing S3 server on port $S3_PORT"
    return 0
  fi
  seaweedfs_tools
  seaweedfs_prepare
  mkdir -p "$SEAWEED_HOME/data"
  # Volumes of 256 MB, as many as the disk holds (each bucket is a collection with volumes of its own).
  # No pre-stop wait: a volume server otherwise stops its heartbeats and waits 10 s before it goes,
  # so that a cluster's master can send readers elsewhere; one local server has nowhere to send them.
  # A one-second election: the lone master otherwise takes its 10 s election timeout to lead, and
  # until then no volume is registered and every write waits ("Not enough data nodes found").
  launch s3 "$SEAWEED_BIN" server -dir="$SEAWEED_HOME/data" -ip=127.0.0.1 -ip.bind=127.0.0.1 \
    -master.port="$SEAWEED_MASTER_PORT" -volume.port="$SEAWEED_VOLUME_PORT" \
    -volume.preStopSeconds=0 -master.electionTimeout=1s \
    -filer.port="$SEAWEED_FILER_PORT" -master.volumeSizeLimitMB=256 -volume.max=0 \
    -s3 -s3.port="$S3_PORT" -s3.config="$SEAWEED_IDENTITIES" -s3.port.iceberg=0 -s3.port.lance=0
  pid="$(cat "$RUN_DIR/s3.pid")"
  PID_WATCH="$pid" wait_healthy s3 60 seaweedfs_healthy
  say s3 "started  127.0.0.1:$S3_PORT  (SeaweedFS $SEAWEED_VERSION, pid $pid, log $(rel "$LOG_DIR/s3.log"))"
}

seaweedfs_down() {
  local pid
  if pid="$(live_pid s3 "$(seaweedfs_signature)")"; then
    stop_pid s3 "$pid"
    say s3 "stopped  (pid $pid, data kept in $(rel "$SEAWEED_HOME/data"))"
  elif port_open "$S3_PORT"; then
    say s3 "not started here, left alone  (port $S3_PORT is served by another process)"
  else
    rm -f "$RUN_DIR/s3.pid"
    say s3 "not running"
  fi
}

seaweedfs_status() {
  local pid
  if pid="$(live_pid s3 "$(seaweedfs_signature)")"; then
    say s3 "running  pid $pid  127.0.0.1:$S3_PORT"
  elif port_open "$S3_PORT"; then
    say s3 "external  127.0.0.1:$S3_PORT  (served by a process not started by deploy/local)"
  else
    say s3 "stopped  127.0.0.1:$S3_PORT  (optional: infra.sh up s3)"
  fi
}

seaweedfs_data_dirs() { printf '%s\n' "$SEAWEED_HOME/data"; }
