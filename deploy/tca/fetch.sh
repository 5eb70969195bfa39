#!/usr/bin/env bash
# Sourced by deploy/tca/compat.sh and deploy/tca/tests.sh: fetches TCA's release 1.25.5 into
# WORKDIR/tca (once) and leaves the shell in WORKDIR, with `here` set to this checkout.
# Arguments, as the sourcing script was given them: [WORKDIR] [TCA_REPOSITORY]
#   WORKDIR: where to build (default: a temporary folder)
#   TCA_REPOSITORY: a clone or URL of TCA's repository (default: GitHub), for machines whose
#   git reaches GitHub only through local mirrors
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="${1:-$(mktemp -d)}"
repository="${2:-https://github.com/pointfreeco/swift-composable-architecture}"
tag=1.25.5
mkdir -p "$work"
cd "$work"
if [ ! -d tca ]; then
  git clone --quiet --branch "$tag" "$repository" tca
fi
