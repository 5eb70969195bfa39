#!/usr/bin/env bash
# A cluster on this machine: PostgreSQL from Debian's postgresql in a temporary folder (initdb as
# the postgres user when run as root; loopback only), then N game-server nodes on loopback ports
# 8080, 8081, ... sharing it. Ctrl-C (or any exit) stops the nodes and PostgreSQL.
# Installs what is missing first (deploy/deployment/setup.sh with postgresql) and builds in release mode.
# The nodes share this machine's cores: each gets THREADS service threads (default: the cores
# divided among the nodes, at least 1).
# Usage: deploy/deployment/cluster.sh [NODES (default 2)] [LEASE_SECONDS (default 5)] [THREADS]
set -euo pipefail
cd "$(dirname "$0")/../.."

nodes=${1:-2}
lease=${2:-5}
[[ "$nodes" =~ ^[1-9][0-9]?$ ]] || { echo "NODES must be 1 to 99" >&2; exit 2; }
threads=${3:-$(( $(nproc) / nodes > 0 ? $(nproc) / nodes : 1 ))}
[[ "$threads" =~ ^[1-9][0-9]*$ ]] || { echo "THREADS must be a whole number from 1" >&2; exit 2; }

command -v swift >/dev/null || { echo "Swift is required (https://swift.org/install)" >&2; exit 1; }
bash deploy/deployment/setup.sh
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [[ -z "${GAME_SERVER_POSTGRES_BIN:-}" ]]; then
  sudo=""; [[ "$(id -u)" -ne 0 ]] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends postgresql
fi
swift build -c release --product game-server

folder=$(mktemp -d /tmp/game-server-cluster.XXXXXX)
chmod 755 "$folder"
pids=()
stop() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait "${pids[@]}" 2>/dev/null || true
  bash deploy/deployment/postgres.sh stop "$folder/postgres" 2>/dev/null || true
  rm -rf "$folder"
}
trap stop EXIT INT TERM

server=$(bash deploy/deployment/postgres.sh start "$folder/postgres")
psql "$server" -q -c "CREATE DATABASE games"
database="${server%/*}/games"
echo "PostgreSQL: $database"
for ((index = 0; index < nodes; index++)); do
  port=$((8080 + index))
  .build/release/game-server serve --port "$port" --data "$folder/node-$index" --database "$database" \
    --cluster --node-url "ws://127.0.0.1:$port/" --lease-seconds "$lease" --threads "$threads" &
  pids+=($!)
done
echo "$nodes nodes on http://127.0.0.1:8080 to :$((8080 + nodes - 1)); Ctrl-C stops them all"
wait -n "${pids[@]}"
