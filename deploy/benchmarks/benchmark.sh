#!/usr/bin/env bash
# Builds the benchmarks in release mode and prints their tables: the library's, the games',
# the server's own work in process, then the server under load (bots on websockets; server CPU
# and memory from /proc), each load beside the floor a bare poll relay sets on this machine.
# Usage: deploy/benchmarks/benchmark.sh [--quick] [--only KEY]   (options go to the library benchmark)
set -euo pipefail
cd "$(dirname "$0")/../.."
bash deploy/deployment/setup.sh
swift build -c release --product tca-benchmark
swift build -c release --product games-benchmark
swift build -c release --product game-server
swift build -c release --product game-load
swift build -c release --product server-benchmark
.build/release/tca-benchmark "$@"
echo
.build/release/games-benchmark
echo
.build/release/server-benchmark 64 5
echo
# NB: 10,000 connections need as many file descriptors on each side.
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" || true
# NB: The server's CPU per view beside the floor (a bare poll relay), alternated in one run:
# absolute figures move through the day, their ratio much less.
python3 deploy/benchmarks/floor-ratio.py --connections 64 --rounds 3
echo
.build/release/game-load --connections 512 --seconds 10
echo
.build/release/game-load --connections 512 --seconds 5 --relay-floor
echo
# NB: Open loop: each room moves once a second; players per core as peers publish it.
for loop in poll libuv; do
  .build/release/game-load --connections 4000 --seconds 10 --move-interval 1 --event-loop "$loop"
  echo
done
.build/release/game-load --connections 64 --seconds 10 --game wordgrid-race
echo
.build/release/game-load --connections 10000 --idle
