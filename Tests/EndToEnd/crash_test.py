"""kill -9 at random moments while two players play game after game: after each restart no move
whose view a player received is lost, and the room comes back (also when the kill falls between
two games).

Usage: [GAME_SERVER_THREADS=N] python3 Tests/EndToEnd/crash_test.py PATH_TO_GAME_SERVER [RUNS]
(the server runs with --threads N, 2 by default)
"""
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

import websockets

from harness import read_port

EMPTY = "."


def started(server, data):
    log = open(os.path.join(data, "server.log"), "a")
    process = subprocess.Popen(
        [server, "serve", "--port", "0", "--data", data, "--threads", os.environ.get("GAME_SERVER_THREADS", "2"), "--move-time-limit", "600", "--grace-period", "600",
         "--max-messages-per-second", "100000"],
        stdout=subprocess.PIPE, stderr=log, text=True)
    return process, read_port(process)


async def player(url, name, seen, tokens, ready):
    """Plays first-empty-cell tic-tac-toe and asks for a rematch after each game, recording every
    view it receives, until the connection drops."""
    try:
        async with websockets.connect(url) as socket:
            await socket.send(json.dumps({"v": 1, "type": "guest", "name": name}))
            while True:
                message = json.loads(await socket.recv())
                if message["type"] == "welcome":
                    tokens[name] = message["token"]
                    await socket.send(json.dumps({"v": 1, "type": "queue", "game": "tictactoe"}))
                elif message["type"] == "room":
                    view = message["view"]
                    seen[name] = view
                    ready.set()
                    if "outcome" in view:
                        if view["you"] not in view.get("rematchRequests", []):
                            await socket.send(json.dumps({"v": 1, "type": "rematch"}))
                    elif view.get("turn") == view["you"]:
                        cell = "".join(view["board"]).index(EMPTY)
                        await socket.send(json.dumps(
                            {"v": 1, "type": "move", "cell": {"row": cell // 3, "column": cell % 3}}))
    except (websockets.ConnectionClosed, OSError):
        return


async def play_until_killed(port, process, seen, tokens):
    url = f"ws://127.0.0.1:{port}/"
    ready = asyncio.Event()
    players = [asyncio.create_task(player(url, name, seen, tokens, ready)) for name in ("alice", "bob")]
    await asyncio.wait_for(ready.wait(), timeout=10)
    await asyncio.sleep(random.uniform(0.05, 1.5))
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)
    await asyncio.wait(players, timeout=10)


async def resumed_view(port, token):
    async with websockets.connect(f"ws://127.0.0.1:{port}/") as socket:
        await socket.send(json.dumps({"v": 1, "type": "resume", "token": token}))
        welcome = json.loads(await asyncio.wait_for(socket.recv(), timeout=10))
        assert welcome["type"] == "welcome", welcome
        assert welcome.get("room"), f"the room did not come back: {welcome}"
        while True:
            message = json.loads(await asyncio.wait_for(socket.recv(), timeout=10))
            if message["type"] == "room":
                return welcome["token"], message["view"]


def progress(view):
    """How far a room has got: its game, the moves in it, and the rematch requests after it."""
    return (view["gameNumber"], view["moveNumber"], len(view.get("rematchRequests", [])))


def main():
    server = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    random.seed(os.environ.get("SEED", time.time()))
    between_games = 0
    for run in range(runs):
        data = tempfile.mkdtemp()
        process, port = started(server, data)
        seen, tokens = {}, {}
        asyncio.run(play_until_killed(port, process, seen, tokens))
        process, port = started(server, data)
        try:
            for name in ("alice", "bob"):
                _, view = asyncio.run(resumed_view(port, tokens[name]))
                last = seen[name]
                assert progress(view) >= progress(last), f"run {run}: {name} saw {last}, the server came back with {view}"
                if "outcome" in last:
                    between_games += 1
            print(f"ok: run {run}: killed at game {seen['alice']['gameNumber']}, every seen move came back")
        finally:
            process.terminate()
            process.wait(timeout=10)
    print(f"crash test passed ({runs} runs, {between_games} players last saw a finished game)")


if __name__ == "__main__":
    main()
