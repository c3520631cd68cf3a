#!/usr/bin/env bash
# Debian's Chromium for the end-to-end tests (`CHROMIUM_PATH` points elsewhere). Runs before
# `npm test`; does nothing when the browser is already there.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[[ -x $CHROMIUM ]] && exit 0
bash "$(dirname "$0")/ensure-debian.sh" "$CHROMIUM" chromium fonts-liberation
"$CHROMIUM" --version
