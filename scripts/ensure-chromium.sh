#!/usr/bin/env bash
# Debian's Chromium for the end-to-end tests. Test tools that download their own browser cannot
# work on a machine whose network reaches only package registries, so the browser comes from apt.
# Runs before `npm test`; does nothing when the browser is already there.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
[[ -x $CHROMIUM ]] && exit 0

if ! command -v apt-get >/dev/null; then
  echo "ensure-chromium: no Chromium at $CHROMIUM and no apt-get; install Chromium and set CHROMIUM_PATH" >&2
  exit 1
fi
if [[ $(id -u) != 0 ]]; then
  echo "ensure-chromium: no Chromium at $CHROMIUM; run as root to install it, or: sudo apt-get install chromium fonts-liberation" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
echo "▶ installing Chromium from Debian (apt-get install chromium fonts-liberation)"
apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null
apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
"$CHROMIUM" --version
