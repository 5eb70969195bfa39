"""The libuv event loop (`game-server serve --event-loop libuv`): the server loads lws's libuv
plugin, and bots play tic-tac-toe on it through game-load (whose own clients run on libuv too),
as fast as they can and in an open loop (each room moving every 100 ms), from one client thread
and from three (`--load-threads`). Every room must move,
both players must see every move, and the server must stop on SIGTERM.

Usage: python3 Tests/EndToEnd/event_loop_test.py PATH_TO_GAME_SERVER PATH_TO_GAME_LOAD
"""
import subprocess
import sys

from harness import start, stop, table_row


def run(load, port, pid, *options):
    command = [load, "--event-loop", "libuv", "--port", str(port), "--server-pid", str(pid), *options]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, f"game-load {' '.join(options)} failed:\n{result.stdout}\n{result.stderr}"
    return table_row(result.stdout)


def main():
    server, load = sys.argv[1], sys.argv[2]
    process, port = start(server, "--event-loop", "libuv", "--max-messages-per-second", "10000")
    try:
        with open(f"/proc/{process.pid}/maps") as maps:
            assert "libwebsockets-evlib_uv" in maps.read(), "the server did not load lws's libuv plugin"
        closed = run(load, port, process.pid, "--connections", "16", "--seconds", "2")
        moves, views = int(closed[1]), int(closed[2])
        assert moves > 0 and views >= moves, f"closed loop on libuv: {closed}"
        # 20 rooms, each moving every 100 ms: about 200 moves a second.
        paced = run(load, port, process.pid, "--connections", "40", "--seconds", "3", "--move-interval", "0.1")
        moves, views = int(paced[1]), int(paced[2])
        assert 100 <= moves <= 260, f"open loop on libuv: {moves} moves/s, expected about 200 ({paced})"
        assert views >= 2 * moves, f"open loop on libuv: each move is seen by both players ({paced})"
        # The same load from three client threads (14, 14 and 12 connections): one tally.
        spread = run(load, port, process.pid, "--connections", "40", "--seconds", "3", "--move-interval", "0.1",
                     "--load-threads", "3")
        moves, views = int(spread[1]), int(spread[2])
        assert spread[0] == "40" and 100 <= moves <= 260, f"open loop from 3 load threads: {spread}"
        assert views >= 2 * moves, f"open loop from 3 load threads: each move is seen by both players ({spread})"
    finally:
        stop(process)
    print(f"event loop test passed (libuv: {closed[1]} moves/s closed loop, {paced[1]} moves/s paced)")


if __name__ == "__main__":
    main()
