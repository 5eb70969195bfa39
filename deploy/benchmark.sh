#!/usr/bin/env bash
# Builds the benchmarks in release mode and prints their tables: the library's, then the games'.
# Usage: deploy/benchmark.sh [--quick] [--only KEY]   (options go to the library benchmark)
set -euo pipefail
cd "$(dirname "$0")/.."
bash deploy/setup.sh
swift build -c release --product tca-benchmark
swift build -c release --product games-benchmark
.build/release/tca-benchmark "$@"
echo
.build/release/games-benchmark
