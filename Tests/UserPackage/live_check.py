"""The user package's server, live: nim-server (GameServerMain with this package's one game and
its own browser script) started on a free port, its files and its options checked, a guest
logged in over a websocket who plays Nim against the server's bot to the end, then stopped.
Usage: python3 Tests/UserPackage/live_check.py PATH/TO/nim-server"""
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "EndToEnd"))
import websockets  # noqa: E402

from harness import receive, start  # noqa: E402

SERVER = sys.argv[1]


def get(port, path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
        return response.read().decode()


def options():
    """Its own name in the help, serve's options, and no game option of a game it does not serve."""
    help = subprocess.run([SERVER, "serve", "--help"], capture_output=True, text=True, timeout=30)
    assert help.returncode == 0 and "USAGE: nim-server serve" in help.stdout, help.stdout
    assert "--move-time-limit" in help.stdout and "--dictionary" not in help.stdout, help.stdout
    wrong = subprocess.run([SERVER, "--dictionary", "words.txt"], capture_output=True, text=True, timeout=30)
    assert wrong.returncode == 64 and "Unknown option '--dictionary'" in wrong.stderr, wrong.stderr
    port = subprocess.run([SERVER, "--port", "99999"], capture_output=True, text=True, timeout=30)
    assert port.returncode == 64 and "--port must be from 0 to 65535, not 99999" in port.stderr, port.stderr


async def play(port):
    """A guest plays the bot to the end, taking one stone at a time; returns the last view."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/") as socket:
        await socket.send(json.dumps({"v": 1, "type": "guest", "name": "ada"}))
        welcome = await receive(socket, lambda m: m["type"] == "welcome")
        await socket.send(json.dumps({"v": 1, "type": "games"}))
        games = await receive(socket, lambda m: m["type"] == "games")
        assert [game["game"] for game in games["games"]] == ["nim"], games
        await socket.send(json.dumps({"v": 1, "type": "playBot", "game": "nim"}))
        while True:
            room = await receive(socket, lambda m: m["type"] == "room", seconds=20)
            view = room["view"]
            if view.get("winner") is not None:
                assert view["stones"] == 0, view
                return welcome["player"], view
            if view.get("toMove") == welcome["player"]:
                await socket.send(json.dumps({"v": 1, "type": "take", "stones": 1}))


def main():
    options()
    process, port = start(SERVER, data=tempfile.mkdtemp())
    try:
        script = get(port, "/games/nim.js")
        assert 'GameClient.register("nim"' in script, script[:200]
        assert "GameClient" in get(port, "/client.js") and "<html" in get(port, "/").lower()
        player, view = asyncio.run(play(port))
        # NB: The bot plays perfectly, and 21 is no multiple of four: the first player can win,
        #     but not by taking one stone each time.
        print(f"nim-server: a guest played the perfect bot to the end ({'won' if view['winner'] == player else 'lost'})")
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=20)
    assert code == 0, f"nim-server exited with {code}"
    print("nim-server: live check passed")


main()
