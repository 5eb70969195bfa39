#!/usr/bin/env bash
# Installs what the server needs (only what is missing), builds it in release mode and starts it
# on http://127.0.0.1:8080 with the embedded SQLite database in ./data. Options go to
# `game-server serve` (see `--help`).
# Usage: deploy/serve.sh [--port 8080] [--host 127.0.0.1] [--data data] ...
set -euo pipefail
cd "$(dirname "$0")/.."

command -v swift >/dev/null || { echo "Swift is required (https://swift.org/install)" >&2; exit 1; }

bash deploy/deployment/setup.sh
swift build -c release --product game-server
exec .build/release/game-server serve "$@"
