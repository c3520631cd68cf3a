#!/usr/bin/env bash
# ensure-debian.sh <program> <package>...: installs Debian packages when <program> (a path, or a
# name on PATH) is missing. The tools PODZ runs beside Node (Chromium for the end-to-end tests,
# nginx as the bench's reference server) come from apt: tools that download their own binaries
# cannot work on a machine whose network reaches only package registries.
set -euo pipefail

program="$1"
shift
[[ -x $program ]] || command -v "$program" >/dev/null && exit 0

if ! command -v apt-get >/dev/null; then
  echo "ensure-debian: no $program and no apt-get; install $* by hand" >&2
  exit 1
fi
if [[ $(id -u) != 0 ]]; then
  echo "ensure-debian: no $program; run as root to install it, or: sudo apt-get install $*" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
echo "▶ installing $* from Debian (apt-get install)"
apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null
apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "$@" >/dev/null
