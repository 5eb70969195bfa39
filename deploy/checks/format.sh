#!/usr/bin/env bash
# Checks that the sources, games and tests are formatted as the package's .swift-format says
# (swift-format, in the Swift toolchain): any finding fails. `swift format format -i -r Sources
# Games Tests` mends what it can; a line it cannot break (a long string) is mended by hand.
# Usage: deploy/checks/format.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift format lint --strict --parallel -r Sources Games Tests
echo "Sources, Games and Tests are formatted as .swift-format says"
