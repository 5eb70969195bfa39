#!/usr/bin/env bash
# Installs what the tests need (only what is missing) and runs every test.
# Usage: deploy/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."

command -v swift >/dev/null || { echo "Swift is required (https://swift.org/install)" >&2; exit 1; }

bash deploy/deployment/setup.sh --tests
bash deploy/checks/names.sh
bash deploy/checks/seams.sh
bash deploy/checks/layers.sh
bash deploy/checks/format.sh
# NB: No function of the core or the app longer than 80 lines.
python3 deploy/checks/functions.py --limit 80 Sources/GameServerCore Sources/GameServerApp
# NB: The build's log is kept, to check it for warnings in this package's own sources.
mkdir -p .build
swift build --build-tests 2>&1 | tee .build/build.log
bash deploy/checks/warnings.sh .build/build.log
bash deploy/checks/docs.sh
# NB: Plain parallel `swift test`: each test store runs its effects on an executor of its own,
# which its steps and the test clock drain, so clock-driven tests do not race each other.
swift test --skip-build
# A package of one's own (Tests/UserPackage: a game, its test on GameServerTesting, and a server on
# GameServerMain), on the products alone. Built in this scratch folder, so only its own modules
# (and what its dependencies' flags differ in) compile.
(cd Tests/UserPackage && swift build --scratch-path ../../.build --build-tests 2>&1 | tee ../../.build/user-build.log)
bash deploy/checks/warnings.sh .build/user-build.log
(cd Tests/UserPackage && swift test --scratch-path ../../.build --skip-build)
python3 Tests/UserPackage/live_check.py .build/debug/nim-server
# NB: The transport's websocket tests on each event loop: lws's own poll() loop, then libuv (the
# default, `auto`, where it loads, as it does here); the other end-to-end tests run on the default.
GAME_SERVER_EVENT_LOOP=poll python3 Tests/EndToEnd/websocket_game_test.py .build/debug/game-server
GAME_SERVER_EVENT_LOOP=poll python3 Tests/EndToEnd/websocket_frames_test.py .build/debug/game-server
# NB: Bots play on libuv, closed and open loop.
python3 Tests/EndToEnd/event_loop_test.py .build/debug/game-server .build/debug/game-load
# NB: On libuv with two service threads: connections on both, the limits shared, restarts.
GAME_SERVER_EVENT_LOOP=libuv GAME_SERVER_THREADS=2 python3 Tests/EndToEnd/websocket_game_test.py .build/debug/game-server
GAME_SERVER_EVENT_LOOP=libuv GAME_SERVER_THREADS=2 python3 Tests/EndToEnd/websocket_frames_test.py .build/debug/game-server
python3 Tests/EndToEnd/login_flood_test.py .build/debug/game-server
# NB: The bot of the article "Getting started", as printed there.
python3 Tests/EndToEnd/docs_bot_test.py .build/debug/game-server
# NB: Killed with SIGKILL with two service threads (the crash test's default), and with one,
#     where a round's commit runs on the service thread itself.
python3 Tests/EndToEnd/crash_test.py .build/debug/game-server 10
GAME_SERVER_THREADS=1 python3 Tests/EndToEnd/crash_test.py .build/debug/game-server 6
python3 Tests/EndToEnd/full_disk_test.py .build/debug/game-server
python3 Tests/EndToEnd/postgres_test.py .build/debug/game-server
python3 Tests/EndToEnd/cluster_test.py .build/debug/game-server
# NB: Three nodes, one killed with SIGKILL every few seconds for a minute, bots playing throughout.
python3 Tests/EndToEnd/chaos_test.py .build/debug/game-server 60
bash deploy/checks/fuzz.sh 60
python3 Tests/EndToEnd/browser_test.py .build/debug/game-server .build/screenshots
