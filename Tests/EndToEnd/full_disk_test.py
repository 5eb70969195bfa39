"""The disk under --data fills up while a game is played (a small tmpfs): the move that cannot
be saved is never shown, the room pauses and says so, logins and new rooms are refused with
`unavailable`, everyone else is still served, and the failure is logged once, not per move.
When space comes back the room goes on by itself, and after a restart every move a player saw
is there.

Runs as root (it mounts a tmpfs); where mounting is not allowed it says so and skips.

Usage: python3 Tests/EndToEnd/full_disk_test.py PATH_TO_GAME_SERVER
"""
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time

import websockets

from harness import move, read_port, receive


def mount_tmpfs(size):
    folder = tempfile.mkdtemp()
    result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", folder], capture_output=True, text=True)
    if result.returncode != 0:
        return None, result.stderr.strip()
    return folder, None


def fill(folder):
    """Fills the file system; returns the file that fills it."""
    path = os.path.join(folder, "filler")
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(descriptor, b"\0" * 4096)
    except OSError:
        pass
    finally:
        os.close(descriptor)
    return path




async def nothing_but(socket, seconds, predicate):
    """The messages that arrive within `seconds`, each checked."""
    messages = []
    try:
        while True:
            message = json.loads(await asyncio.wait_for(socket.recv(), timeout=seconds))
            assert predicate(message), message
            messages.append(message)
    except asyncio.TimeoutError:
        return messages




async def scenario(port, folder):
    url = f"ws://127.0.0.1:{port}/"
    async with websockets.connect(url) as alice, websockets.connect(url) as bob, websockets.connect(url) as carol:
        tokens = {}
        for socket, name in ((alice, "alice"), (bob, "bob"), (carol, "carol")):
            await socket.send(json.dumps({"v": 1, "type": "guest", "name": name}))
            tokens[name] = (await receive(socket, lambda m: m["type"] == "welcome"))["token"]
        for socket in (alice, bob):
            await socket.send(json.dumps({"v": 1, "type": "queue", "game": "tictactoe"}))
        for socket in (alice, bob):
            await receive(socket, lambda m: m["type"] == "room")
        await alice.send(move(0, 0))
        for socket in (alice, bob):
            await receive(socket, lambda m: m["type"] == "room" and m["view"]["board"][0] == "X..")

        filler = fill(folder)
        # The move that cannot be saved: nobody sees it; Bob's request is answered, and both are
        # told the room is paused.
        await bob.send(move(1, 1, id="unsaved"))
        answers = [await receive(bob, lambda m: True) for _ in range(2)]
        assert [(m["type"], m.get("code"), m.get("replyTo")) for m in answers] == [
            ("error", "unavailable", "unsaved"), ("error", "unavailable", None)], answers
        error = await receive(alice, lambda m: m["type"] in ("error", "room"))
        assert error["type"] == "error" and error["code"] == "unavailable" and "replyTo" not in error, error
        await bob.send(move(2, 2, id="paused"))
        error = await receive(bob, lambda m: True)
        assert error["type"] == "error" and error["code"] == "unavailable" and error["replyTo"] == "paused", error
        # No room opens; everyone is still answered.
        await carol.send(json.dumps({"v": 1, "id": "q", "type": "playBot", "game": "tictactoe"}))
        error = await receive(carol, lambda m: True)
        assert error["code"] == "unavailable" and error["replyTo"] == "q", error
        await carol.send(json.dumps({"v": 1, "id": "p", "type": "ping"}))
        assert (await receive(carol, lambda m: True))["type"] == "pong"
        async with websockets.connect(url) as dave:
            await dave.send(json.dumps({"v": 1, "id": "g", "type": "guest", "name": "dave"}))
            error = await receive(dave, lambda m: True)
            assert error["type"] == "error" and error["code"] == "unavailable", error
        no_views = await nothing_but(alice, 1.5, lambda m: m["type"] != "room")
        assert no_views == [], no_views

        # Space comes back: the room goes on by itself, with Bob's move.
        os.remove(filler)
        started = time.monotonic()
        for socket in (alice, bob):
            view = (await receive(socket, lambda m: m["type"] == "room", seconds=15))["view"]
            assert view["board"] == ["X..", ".O.", "..."], view
        resumed_after = time.monotonic() - started
        await alice.send(move(0, 1))
        await receive(bob, lambda m: m["type"] == "room" and m["view"]["board"][0] == "XX.")
        await carol.send(json.dumps({"v": 1, "id": "q2", "type": "playBot", "game": "tictactoe"}))
        assert (await receive(carol, lambda m: True))["type"] == "room"
        return tokens, resumed_after


async def resumed_board(port, token):
    async with websockets.connect(f"ws://127.0.0.1:{port}/") as socket:
        await socket.send(json.dumps({"v": 1, "type": "resume", "token": token}))
        await receive(socket, lambda m: m["type"] == "welcome")
        return (await receive(socket, lambda m: m["type"] == "room"))["view"]["board"]


def main():
    server = sys.argv[1]
    folder, problem = mount_tmpfs("4m")
    if folder is None:
        print(f"full-disk test skipped: cannot mount a tmpfs here ({problem})")
        return
    data = os.path.join(folder, "data")
    log_path = os.path.join(tempfile.mkdtemp(), "server.log")
    try:
        with open(log_path, "w") as log:
            process = subprocess.Popen([server, "serve", "--port", "0", "--data", data, "--threads", "1"], stdout=subprocess.PIPE, stderr=log, text=True)
            try:
                tokens, resumed_after = asyncio.run(scenario(read_port(process), folder))
            finally:
                process.terminate()
                process.wait(timeout=10)
        output = open(log_path).read()
        failing = output.count("Database writes are failing")
        assert 1 <= failing <= 3, f"the failure was logged {failing} times:\n{output[-2000:]}"
        assert output.count("Database writes work again") >= 1, output[-2000:]
        assert len(output.splitlines()) < 40, f"{len(output.splitlines())} log lines:\n{output[-2000:]}"
        # After a restart every move a player saw is there.
        process = subprocess.Popen([server, "serve", "--port", "0", "--data", data, "--threads", "1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            board = asyncio.run(resumed_board(read_port(process), tokens["alice"]))
            assert board == ["XX.", ".O.", "..."], board
        finally:
            process.terminate()
            process.wait(timeout=10)
        print(f"full-disk test passed (the room went on {resumed_after:.2f} s after space came back); the server logged:")
        print("".join("  " + line for line in output.splitlines(True)))
    finally:
        subprocess.run(["umount", folder])


if __name__ == "__main__":
    main()
