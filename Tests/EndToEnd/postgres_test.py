"""game-server on PostgreSQL (`serve --database postgres://...`), against a PostgreSQL server the
test starts itself (deploy/deployment/postgres.sh): a whole game, a race of three and the bot script; every
move a player saw survives kill -9 of the server; and PostgreSQL restarted mid-game loses nothing
that was acknowledged: the server connects again, the room that could not save pauses and goes on
by itself, and after kill -9 and a restart the board holds every move a player saw.

Where PostgreSQL is not installed it says how to install it and skips; under CI (CI=true) that is
a failure.

Usage: python3 Tests/EndToEnd/postgres_test.py PATH_TO_GAME_SERVER
"""
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

import websockets

import websocket_game_test as game
from harness import move, receive, start

DEPLOY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "deploy", "deployment")


def start_postgres():
    """A PostgreSQL server in a new folder; returns the folder and the address of a new database."""
    folder = tempfile.mkdtemp()
    os.chmod(folder, 0o755)
    result = subprocess.run(["bash", f"{DEPLOY}/postgres.sh", "start", f"{folder}/pg"], capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(f"PostgreSQL did not start: {result.stderr}")
    address = result.stdout.strip()
    subprocess.run(["psql", address, "-q", "-c", "CREATE DATABASE games"], check=True)
    return folder, address.rsplit("/", 1)[0] + "/games"


def postgres(folder, command):
    subprocess.run(["bash", f"{DEPLOY}/postgres.sh", command, f"{folder}/pg"], check=True)






async def two_players(url):
    alice = await websockets.connect(url)
    bob = await websockets.connect(url)
    tokens = {}
    for socket, name in ((alice, "alice"), (bob, "bob")):
        await socket.send(json.dumps({"v": 1, "type": "guest", "name": name}))
        tokens[name] = (await receive(socket, lambda m: m["type"] == "welcome"))["token"]
    for socket in (alice, bob):
        await socket.send(json.dumps({"v": 1, "type": "queue", "game": "tictactoe"}))
    for socket in (alice, bob):
        await receive(socket, lambda m: m["type"] == "room")
    return alice, bob, tokens


async def seen(socket, board):
    """Waits for the view with this board; a move that could not be saved is never shown, and
    the room says it is paused until it goes on by itself."""
    while True:
        message = await receive(socket, lambda m: m["type"] in ("room", "error"), seconds=30)
        if message["type"] == "room" and message["view"]["board"] == board:
            return
        if message["type"] == "error":
            assert message["code"] == "unavailable", message


async def postgres_restarted_mid_game(port, folder):
    """Returns alice's token and the last board both players saw."""
    alice, bob, tokens = await two_players(f"ws://127.0.0.1:{port}/")
    await alice.send(move(0, 0))
    for socket in (alice, bob):
        await seen(socket, ["X..", "...", "..."])
    postgres(folder, "restart")
    await bob.send(move(1, 1))
    for socket in (alice, bob):
        await seen(socket, ["X..", ".O.", "..."])
    await alice.send(move(0, 1))
    board = ["XX.", ".O.", "..."]
    for socket in (alice, bob):
        await seen(socket, board)
    await alice.close()
    await bob.close()
    return tokens["alice"], board


async def resumed_board(port, token):
    async with websockets.connect(f"ws://127.0.0.1:{port}/") as alice:
        await alice.send(json.dumps({"v": 1, "type": "resume", "token": token}))
        await receive(alice, lambda m: m["type"] == "welcome")
        return (await receive(alice, lambda m: m["type"] == "room"))["view"]["board"]


def kill(process):
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)


def postgres_installed(test):
    """Whether PostgreSQL is installed; where it is not, says how to install it (and under CI,
    where it must be, fails)."""
    if os.path.isdir("/usr/lib/postgresql") or os.environ.get("GAME_SERVER_POSTGRES_BIN"):
        return True
    message = "PostgreSQL is not installed: bash deploy/deployment/setup.sh --tests installs it (Debian's postgresql)"
    if os.environ.get("CI") == "true":
        raise AssertionError(message)
    print(f"{test} skipped: {message}")
    return False


def main():
    server = sys.argv[1]
    if not postgres_installed("postgres test"):
        return
    folder, database = start_postgres()
    try:
        process, port = start(server, "--database", database)
        try:
            asyncio.run(game.play(f"ws://127.0.0.1:{port}/"))
            game.check_export(server, "--database", database)
            asyncio.run(game.three_player_race(f"ws://127.0.0.1:{port}/"))
            bot = os.path.join(DEPLOY, "..", "..", "Sources", "GameServerMain", "Public", "bot.py")
            game.play_bot_script(bot, port)
            # Every move a player saw is in PostgreSQL before its view went out: kill -9 loses none.
            token = asyncio.run(game.moves_before_stop(port))
        finally:
            kill(process)
        process, port = start(server, "--database", database)
        try:
            board = asyncio.run(resumed_board(port, token))
            assert board == ["X..", ".O.", "..X"], board
            token, board = asyncio.run(postgres_restarted_mid_game(port, folder))
        finally:
            kill(process)
        process, port = start(server, "--database", database)
        try:
            assert asyncio.run(resumed_board(port, token)) == board
        finally:
            kill(process)
    finally:
        postgres(folder, "stop")
    print("postgres end-to-end test passed")


if __name__ == "__main__":
    main()
