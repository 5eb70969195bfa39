#!/usr/bin/env bash
# Builds the library benchmark in release mode and prints its table.
# Usage: deploy/benchmark.sh [--quick] [--only KEY]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product tca-benchmark
exec .build/release/tca-benchmark "$@"
