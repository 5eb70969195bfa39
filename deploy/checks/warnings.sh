#!/usr/bin/env bash
# Fails when a build log shows a compiler warning in this package's own sources (Sources/,
# Games/, Tests/): the dependencies' warnings are theirs, and no flag turns ours into errors
# (unsafeFlags would keep users from depending on the package). A clean build shows them all,
# as under CI; an incremental one only those of the files it compiled.
# Usage: swift build --build-tests 2>&1 | tee build.log; deploy/checks/warnings.sh build.log
set -euo pipefail
cd "$(dirname "$0")/../.."
log="${1:?usage: deploy/checks/warnings.sh BUILD_LOG}"
root="$(pwd)"
warnings="$(grep -E "^${root}/(Sources|Games|Tests)/[^:]+:[0-9]+:[0-9]+: warning: " "$log" | sort -u || true)"
if [[ -n "$warnings" ]]; then
  echo "Compiler warnings in this package's sources:" >&2
  echo "$warnings" >&2
  exit 1
fi
echo "No compiler warnings in this package's sources"
