#!/usr/bin/env bash
# Linux-only calls stay in files named for Linux (*_linux.cc, watch_inotify.cc), so the
# build for macOS and `-DSITEGEN_PORTABLE=ON` (the *_other.cc files) compile everywhere.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

pattern='\binotify_[a-z_]+|\brenameat2\b|\bRENAME_EXCHANGE\b|\bepoll_[a-z_]+|\beventfd\b|'
pattern+='\bsendfile\b|\bO_PATH\b|\bO_TMPFILE\b|\bpipe2\b|\baccept4\b|\bdup3\b|<linux/|'
pattern+='<sys/(inotify|epoll|eventfd|sendfile|prctl|sysinfo)\.h>|\bSYS_[a-z0-9_]+|\bprctl\b|'
pattern+='\bmemfd_create\b|\bstatx\b|\bcopy_file_range\b|\bgetrandom\b|"/proc/|\bsyncfs\b'
if grep -rnE "$pattern" src --include='*.cc' --include='*.h' |
  grep -vE '^src/[^:]*(_linux\.cc|/watch_inotify\.cc):'; then
  echo "Linux-only calls outside a file named for Linux (above): move them into a *_linux.cc"
  echo "with a *_other.cc beside it"
  exit 1
fi
echo "ok: Linux-only calls are only in files named for Linux"
