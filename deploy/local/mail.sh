# shellcheck shell=bash
# The development mail server: MailDev (from npm, pinned in deploy/local/package.json). It accepts
# SMTP on loopback, keeps every message in memory, and serves a web inbox with a REST API
# (GET /email, DELETE /email/all) on the web port: what a developer opens to read the sign-in
# links, and what the end-to-end tests read them through. It relays nothing anywhere.
# Sourced by infra.sh, which provides lib/common.sh.

MAILDEV_BIN="$REPO_ROOT/node_modules/maildev/bin/maildev"

mail_signature() { printf 'maildev --ip 127.0.0.1 -s %s' "$SMTP_PORT"; }

mail_healthy() { [[ $(curl -fsS --max-time 2 "http://127.0.0.1:$MAIL_WEB_PORT/healthz" 2>/dev/null) == true ]]; }

mail_needs_start() { ! live_pid mail "$(mail_signature)" >/dev/null && ! port_open "$SMTP_PORT"; }
mail_tools() { need_cmd curl curl; }
mail_prepare() {
  [[ -f $MAILDEV_BIN ]] || die mail "MailDev is not installed ($(rel "$MAILDEV_BIN")); run npm install"
}

mail_up() {
  local pid
  if pid="$(live_pid mail "$(mail_signature)")"; then
    wait_healthy mail 15 mail_healthy
    say mail "already running  smtp 127.0.0.1:$SMTP_PORT, inbox http://127.0.0.1:$MAIL_WEB_PORT  (pid $pid)"
    return 0
  fi
  if port_open "$SMTP_PORT"; then
    say mail "using existing SMTP server on port $SMTP_PORT"
    return 0
  fi
  mail_tools
  mail_prepare
  launch mail node "$MAILDEV_BIN" --ip 127.0.0.1 -s "$SMTP_PORT" --web-ip 127.0.0.1 -w "$MAIL_WEB_PORT"
  pid="$(cat "$RUN_DIR/mail.pid")"
  PID_WATCH="$pid" wait_healthy mail 30 mail_healthy
  say mail "started  smtp 127.0.0.1:$SMTP_PORT, inbox http://127.0.0.1:$MAIL_WEB_PORT  (MailDev $(mail_version), pid $pid, log $(rel "$LOG_DIR/mail.log"))"
}

mail_version() { node -p "require('$REPO_ROOT/node_modules/maildev/package.json').version" 2>/dev/null || echo '?'; }

mail_down() {
  local pid
  if pid="$(live_pid mail "$(mail_signature)")"; then
    stop_pid mail "$pid"
    say mail "stopped  (pid $pid)"
  elif port_open "$SMTP_PORT"; then
    say mail "not started here, left alone  (port $SMTP_PORT is served by another process)"
  else
    rm -f "$RUN_DIR/mail.pid"
    say mail "not running"
  fi
}

mail_status() {
  local pid
  if pid="$(live_pid mail "$(mail_signature)")"; then
    say mail "running  pid $pid  smtp 127.0.0.1:$SMTP_PORT, inbox http://127.0.0.1:$MAIL_WEB_PORT"
  elif port_open "$SMTP_PORT"; then
    say mail "external  127.0.0.1:$SMTP_PORT  (served by a process not started by deploy/local)"
  else
    say mail "stopped  127.0.0.1:$SMTP_PORT"
  fi
}

# MailDev keeps its messages in memory: nothing on disk to delete.
mail_data_dirs() { :; }
