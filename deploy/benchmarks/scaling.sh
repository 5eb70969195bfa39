#!/bin/bash
# Open-loop scaling of `serve --threads N` on a machine with cores to spare for the load.
#
# For each N, starts `game-server serve --threads N` pinned to cores 0..N-1 (game-load's
# --server-cores) with the load generator on LOAD_CORES (its clients on as many threads), and
# raises the players (tic-tac-toe, one move per room per second, libuv) until p99 reaches
# 10 ms. Prints game-load's row for each run: p99 and the players per core (players ÷ the
# server's CPU seconds per second).
#
# Usage: deploy/benchmarks/scaling.sh [THREADS...]            (default: 1 2 4 … up to half the cores)
#   PLAYERS     the counts to try, in order (default: 2000 4000 8000 12000 16000 19000)
#   LOAD_CORES  where the load runs (default: the upper half of the cores)
#   LOAD_THREADS  the load's client threads (default: the cores of the upper half)
#   SECONDS_EACH  measured seconds per run (default: 8)
#   SERVER, LOAD  the binaries (default: .build/release/game-server and game-load)
# Keep the players under the open-file limit (`ulimit -n`): each player is a descriptor in the
# server and one in the load. TMPDIR=/dev/shm keeps the room log off the disk (what a commit's
# fsync costs is then left out).
set -eu
cd "$(dirname "$0")/../.."
cores=$(nproc)
half=$((cores / 2))
if [ "$half" -lt 2 ]; then
  echo "deploy/benchmarks/scaling.sh: $cores cores: it needs 4 or more (half for the server, half for the load)" >&2
  exit 64
fi
threads=("$@")
if [ ${#threads[@]} -eq 0 ]; then
  n=1
  while [ "$n" -le "$half" ]; do threads+=("$n"); n=$((n * 2)); done
fi
load_cores=${LOAD_CORES:-$half-$((cores - 1))}
load_threads=${LOAD_THREADS:-$((cores - half))}
server=${SERVER:-.build/release/game-server}
load=${LOAD:-.build/release/game-load}
echo "cores: $cores, load on $load_cores ($load_threads threads), open files: $(ulimit -n), TMPDIR=${TMPDIR:-/tmp}"
for n in "${threads[@]}"; do
  if [ "$n" -gt "$half" ]; then echo "--threads $n: more than half the cores, skipped" >&2; continue; fi
  for players in ${PLAYERS:-2000 4000 8000 12000 16000 19000}; do
    row=$(taskset -c "$load_cores" "$load" --server "$server" --server-cores "0-$((n - 1))" --threads "$n" \
      --load-threads "$load_threads" --connections "$players" --seconds "${SECONDS_EACH:-8}" --move-interval 1 --event-loop libuv 2>&1 | grep '^| [0-9]' | tail -1)
    echo "--threads $n $row"
    p99=$(echo "$row" | awk -F'|' '{print $6}' | tr -d ' ')
    # NB: The next count only while p99 stays under 10 ms (a failed run ends this N too).
    awk -v v="$p99" 'BEGIN { exit !(v == "" || v + 0 >= 10) }' && break
  done
done
