"""End-to-end test over real websockets: start game-server, play tic-tac-toe, send bad input.

Usage: python3 Tests/EndToEnd/websocket_game_test.py PATH_TO_GAME_SERVER
"""
import asyncio
import base64
import json
import os
import shutil
import socket
from socket import create_connection
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request

import websockets

from harness import frame, read_port, server_frames, start, text, thread_options


async def receive_until(socket, predicate, limit=50):
    for _ in range(limit):
        message = json.loads(await asyncio.wait_for(socket.recv(), timeout=5))
        if predicate(message):
            return message
    raise AssertionError("expected message never came")


async def queue_in_turn(first, second):
    """Queues `first`, and `second` only once the server has said `first` is queued, so that
    `first` plays X. (With several service threads, two queue messages sent together may reach
    matchmaking in either order.)"""
    await first.send(json.dumps({"v": 1, "id": "q", "type": "queue", "game": "tictactoe"}))
    queued = await receive_until(first, lambda m: m["type"] in ("queued", "error"))
    assert queued["type"] == "queued" and queued["replyTo"] == "q", queued
    await second.send(json.dumps({"v": 1, "type": "queue", "game": "tictactoe"}))


async def play(url):
    async with websockets.connect(url) as alice, websockets.connect(url) as bob:
        for socket, name in ((alice, "alice"), (bob, "bob")):
            await socket.send(json.dumps({"v": 1, "id": "hi", "type": "guest", "name": name}))
            welcome = await receive_until(socket, lambda m: m["type"] == "welcome")
            assert welcome["replyTo"] == "hi" and len(welcome["token"]) == 48, welcome

        # Malformed input gets an error and the connection goes on.
        await alice.send("not json")
        error = await receive_until(alice, lambda m: m["type"] == "error")
        assert error["code"] == "malformed_json", error

        await queue_in_turn(alice, bob)
        view = (await receive_until(alice, lambda m: m["type"] == "room"))["view"]
        assert view["you"] == "X", view
        await receive_until(bob, lambda m: m["type"] == "room")

        moves = [(alice, 0, 0), (bob, 1, 0), (alice, 0, 1), (bob, 1, 1), (alice, 0, 2)]
        for socket, row, column in moves:
            await socket.send(json.dumps({"v": 1, "type": "move", "cell": {"row": row, "column": column}}))
            await receive_until(alice, lambda m: m["type"] == "room")
            view = (await receive_until(bob, lambda m: m["type"] == "room"))["view"]
        assert view["outcome"]["result"] == "win" and view["outcome"]["winner"] == "X", view

        # Out of turn after the end: a clear error with the request id.
        await bob.send(json.dumps({"v": 1, "id": "late", "type": "move", "cell": {"row": 2, "column": 2}}))
        error = await receive_until(bob, lambda m: m["type"] == "error")
        assert error["code"] == "game_over" and error["replyTo"] == "late", error

    # Accounts: register, then log in elsewhere; a wrong password is refused.
    async with websockets.connect(url) as first, websockets.connect(url) as second:
        await first.send(json.dumps({"v": 1, "id": "r", "type": "register", "name": "carol", "password": "correct horse"}))
        welcome = await receive_until(first, lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome" and welcome["guest"] is False, welcome
        await second.send(json.dumps({"v": 1, "id": "w", "type": "login", "name": "carol", "password": "wrong horse"}))
        error = await receive_until(second, lambda m: m["type"] == "error")
        assert error["code"] == "wrong_password" and error["replyTo"] == "w", error
        await second.send(json.dumps({"v": 1, "id": "l", "type": "login", "name": "Carol", "password": "correct horse"}))
        welcome = await receive_until(second, lambda m: m["type"] == "welcome")
        assert welcome["player"] == "carol", welcome

    # An oversized message closes that connection with 1009; others are unaffected.
    async with websockets.connect(url, max_size=None) as big, websockets.connect(url) as other:
        await big.send("x" * 100_000)
        try:
            await asyncio.wait_for(big.recv(), timeout=5)
            raise AssertionError("the oversized sender was not closed")
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1009, closed
        await other.send(json.dumps({"v": 1, "id": "p", "type": "ping"}))
        pong = await receive_until(other, lambda m: m["type"] == "pong")
        assert pong["replyTo"] == "p"

    # A flood gets a rate_limited error, then a close with 1008; others are unaffected.
    async with websockets.connect(url) as flood, websockets.connect(url) as other:
        # NB: Exactly one past twice the limit (50 a second), so that nothing is left unread
        # when the server closes (unread data would reset the connection before the close frame).
        for _ in range(101):
            await flood.send(json.dumps({"v": 1, "type": "ping"}))
        codes = []
        try:
            while True:
                message = json.loads(await asyncio.wait_for(flood.recv(), timeout=5))
                if message["type"] == "error":
                    codes.append(message["code"])
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1008, closed
        assert codes == ["rate_limited"], codes
        await other.send(json.dumps({"v": 1, "id": "q", "type": "ping"}))
        assert (await receive_until(other, lambda m: m["type"] == "pong"))["replyTo"] == "q"


async def three_player_race(url):
    """A private word-grid race for four that its host starts with three; all resign in turn."""
    async with websockets.connect(url) as ada, websockets.connect(url) as bob, websockets.connect(url) as cora:
        sockets = (ada, bob, cora)
        for socket, name in zip(sockets, ("ada", "bob", "cora")):
            await socket.send(json.dumps({"v": 1, "type": "guest", "name": name}))
            await receive_until(socket, lambda m: m["type"] == "welcome")
        await ada.send(json.dumps({"v": 1, "type": "createRoom", "game": "wordgrid", "mode": "race", "players": 4}))
        code = (await receive_until(ada, lambda m: m["type"] == "privateRoom"))["code"]
        for socket in (bob, cora):
            await socket.send(json.dumps({"v": 1, "id": "j", "type": "joinRoom", "code": code}))
            lobby = await receive_until(socket, lambda m: m["type"] == "lobby")
            assert lobby["replyTo"] == "j" and lobby["seats"] == 4, lobby
        assert lobby["players"] == ["ada", "bob", "cora"], lobby
        await bob.send(json.dumps({"v": 1, "id": "s", "type": "startRoom"}))
        error = await receive_until(bob, lambda m: m["type"] == "error")
        assert error["code"] == "not_host" and error["replyTo"] == "s", error
        await ada.send(json.dumps({"v": 1, "id": "s", "type": "startRoom"}))
        view = await receive_until(ada, lambda m: m["type"] == "room")
        assert view["replyTo"] == "s" and len(view["view"]["players"]) == 3, view
        for socket in (bob, cora):
            await receive_until(socket, lambda m: m["type"] == "room")
        for socket in sockets:
            await socket.send(json.dumps({"v": 1, "type": "resign"}))
        view = (await receive_until(cora, lambda m: m["type"] == "room" and m["view"].get("ended")))["view"]
        assert view["ended"]["reason"] == "allFinished", view


def play_bot_script(bot, port):
    """The example bot plays a server bot to the end, at tic-tac-toe and at Connect Four."""
    for game in ("tictactoe", "connectfour"):
        result = subprocess.run(
            [sys.executable, bot, "--url", f"ws://127.0.0.1:{port}/", "--vs-bot", "--game", game],
            capture_output=True, text=True, timeout=90)
        assert "game over" in result.stdout, game + ": " + result.stdout + result.stderr


async def tls_and_origins(port):
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    url = f"wss://127.0.0.1:{port}/"
    async with websockets.connect(url, ssl=context, origin="https://games.example") as socket:
        await socket.send(json.dumps({"v": 1, "id": "p", "type": "ping"}))
        assert (await receive_until(socket, lambda m: m["type"] == "pong"))["replyTo"] == "p"
    try:
        async with websockets.connect(url, ssl=context, origin="https://evil.example"):
            raise AssertionError("a foreign origin was let in")
    except websockets.InvalidHandshake:
        pass


def check_tls(server):
    """With a self-signed certificate the server speaks wss, and only to allowed origins."""
    folder = tempfile.mkdtemp()
    certificate, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-keyout", key, "-out", certificate], check=True, capture_output=True)
    process, port = start(server, "--tls-certificate", certificate, "--tls-key", key,
                          "--allowed-origin", "https://games.example")
    try:
        asyncio.run(tls_and_origins(port))
    finally:
        process.terminate()
        process.wait(timeout=10)


def check_bad_tls(server):
    """TLS files that cannot serve stop the server at start, never a server that resets every
    connection: the certificate and the key given the other way round is a usage error naming
    the file; a key that is not the certificate's cannot start."""
    folder = tempfile.mkdtemp()
    certificate, key, other = (os.path.join(folder, name) for name in ("cert.pem", "key.pem", "other.pem"))
    for made_key in (key, other):
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
             "-keyout", made_key, "-out", certificate], check=True, capture_output=True)
    # NB: The certificate is the last one made, with `other`: `key` is not its key.
    for options, status, said in (
        (["--tls-certificate", other, "--tls-key", certificate], 64, "--tls-certificate " + other + " holds no certificate"),
        (["--tls-certificate", certificate, "--tls-key", key], 1, "TLS cannot use the certificate"),
    ):
        result = subprocess.run(
            [server, "serve", "--port", "0", "--data", tempfile.mkdtemp(), *thread_options(), *options],
            capture_output=True, text=True, timeout=30)
        assert result.returncode == status, (options, result.returncode, result.stdout, result.stderr)
        assert said in result.stderr, result.stderr
        assert "listening" not in result.stdout, result.stdout


async def connection_limit(port):
    url = f"ws://127.0.0.1:{port}/"
    async with websockets.connect(url) as first, websockets.connect(url) as second:
        try:
            async with websockets.connect(url) as third:
                await third.send(json.dumps({"v": 1, "type": "ping"}))
                await asyncio.wait_for(third.recv(), timeout=5)
                raise AssertionError("a connection past the limit was served")
        except (websockets.ConnectionClosed, websockets.InvalidHandshake):
            pass
        for socket in (first, second):
            await socket.send(json.dumps({"v": 1, "id": "p", "type": "ping"}))
            assert (await receive_until(socket, lambda m: m["type"] == "pong"))["replyTo"] == "p"


def check_connection_limit(server):
    """Past --max-connections new connections are refused; the open ones go on."""
    process, port = start(server, "--max-connections", "2")
    try:
        asyncio.run(connection_limit(port))
    finally:
        process.terminate()
        process.wait(timeout=10)


def silent_client(port):
    """Opens a websocket by hand, then never reads, answers or sends; returns when the server
    closes the socket, and how long that took."""
    key = base64.b64encode(os.urandom(16)).decode()
    sock = create_connection(("127.0.0.1", port), timeout=20)
    sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    started = time.monotonic()
    received = b""
    while True:
        chunk = sock.recv(4096)
        if not chunk:
            break
        received += chunk
    sock.close()
    assert received.startswith(b"HTTP/1.1 101"), received[:100]
    # NB: 0x89 is a websocket ping frame: the server asked before it gave up.
    assert b"\x89" in received.split(b"\r\n\r\n", 1)[1], received
    return time.monotonic() - started


async def prompt_pong(port):
    async with websockets.connect(f"ws://127.0.0.1:{port}/") as other:
        started = time.monotonic()
        await other.send(json.dumps({"v": 1, "id": "o", "type": "ping"}))
        assert (await receive_until(other, lambda m: m["type"] == "pong"))["replyTo"] == "o"
        return time.monotonic() - started


def check_slow_reader(server):
    """A client that sends but does not read is closed with 1008 once its answers queue past
    --max-queued-bytes (after the kernel's buffers fill); the others are answered meanwhile."""
    process, port = start(
        server, "--max-queued-bytes", "16384", "--max-messages-per-second", "1000000")
    try:
        key = base64.b64encode(os.urandom(16)).decode()
        sock = socket.socket()
        # NB: A small receive window keeps the kernel from buffering most of the answers.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.settimeout(60)
        sock.connect(("127.0.0.1", port))
        sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            response += sock.recv(1)
        assert response.startswith(b"HTTP/1.1 101"), response
        ping = text(json.dumps({"v": 1, "id": "x" * 64, "type": "ping"}))
        # NB: More answers (about 100 bytes each) than the kernel buffers for the socket (up to
        # 4 MB by default): the server sends each at once while the kernel takes it, so only
        # past that do answers queue in the server.
        count = 80_000
        # NB: With websocket pings among them: lws answers each with a pong of its own, which
        # must not cut into a frame the server is part way through.
        control = frame(0x9, b"are you there")
        sock.sendall((ping * (count // 80) + control) * 80)
        # NB: Every ping is read by the server before it closes (so the close is not a reset
        # that would drop what is in flight); the other clients are answered meanwhile.
        assert asyncio.run(prompt_pong(port)) < 5
        time.sleep(2)
        received = b""
        while True:
            chunk = sock.recv(1 << 16)
            if not chunk:
                break
            received += chunk
        sock.close()
        frames = server_frames(received)
        closes = [payload for opcode, payload in frames if opcode == 0x8]
        assert closes and int.from_bytes(closes[0][:2], "big") == 1008, (len(frames), closes[:1])
        pongs = [payload for opcode, payload in frames if opcode == 0x1]
        assert 0 < len(pongs) < count, len(pongs)
        # NB: Every frame before the close is a whole pong: a frame sent at once never cut into
        # one that went out in pieces.
        assert all(opcode in (0x1, 0x8, 0xA) for opcode, _ in frames), {opcode for opcode, _ in frames}
        assert all(json.loads(payload)["type"] == "pong" for payload in pongs)
        assert all(payload == b"are you there" for opcode, payload in frames if opcode == 0xA)
        assert frames[-1][0] == 0x8, frames[-1][:1]
        assert asyncio.run(prompt_pong(port)) < 5
    finally:
        process.terminate()
        process.wait(timeout=10)


async def answering_client(port, seconds):
    """A client whose library answers pings stays connected through `seconds` of silence."""
    async with websockets.connect(f"ws://127.0.0.1:{port}/", ping_interval=None) as socket:
        await asyncio.sleep(seconds)
        await socket.send(json.dumps({"v": 1, "id": "p", "type": "ping"}))
        assert (await receive_until(socket, lambda m: m["type"] == "pong"))["replyTo"] == "p"


def check_idle_timeout(server):
    """A silent connection is pinged after --ping-interval and dropped after twice that; one
    that answers pings stays."""
    process, port = start(server, "--ping-interval", "1")
    try:
        elapsed = silent_client(port)
        assert 1 <= elapsed < 15, elapsed
        asyncio.run(answering_client(port, 4))
    finally:
        process.terminate()
        process.wait(timeout=10)


async def moves_before_stop(port):
    """Two guests start a game and make three moves; returns alice's token once the last
    move's view has arrived."""
    url = f"ws://127.0.0.1:{port}/"
    async with websockets.connect(url) as alice, websockets.connect(url) as bob:
        tokens = {}
        for socket, name in ((alice, "alice"), (bob, "bob")):
            await socket.send(json.dumps({"v": 1, "type": "guest", "name": name}))
            tokens[name] = (await receive_until(socket, lambda m: m["type"] == "welcome"))["token"]
        await queue_in_turn(alice, bob)
        for socket in (alice, bob):
            await receive_until(socket, lambda m: m["type"] == "room")
        for socket, row, column in [(alice, 0, 0), (bob, 1, 1), (alice, 2, 2)]:
            await socket.send(json.dumps({"v": 1, "type": "move", "cell": {"row": row, "column": column}}))
            await receive_until(alice, lambda m: m["type"] == "room")
            view = (await receive_until(bob, lambda m: m["type"] == "room"))["view"]
        assert view["board"] == ["X..", ".O.", "..X"], view
        return tokens["alice"]


async def resumed_board(port, token):
    async with websockets.connect(f"ws://127.0.0.1:{port}/") as alice:
        await alice.send(json.dumps({"v": 1, "type": "resume", "token": token}))
        await receive_until(alice, lambda m: m["type"] == "welcome")
        return (await receive_until(alice, lambda m: m["type"] == "room"))["view"]["board"]


def check_stop_keeps_every_move(server):
    """SIGTERM right after a move's view arrives: the move is in the room log, so the room
    comes back whole when the server starts again. After a clean stop the database file alone
    holds everything (SQLite's write-ahead log is folded into it and removed): the server starts
    again on a copy of that one file, as an operator's backup of a stopped server is."""
    data = tempfile.mkdtemp()
    process = subprocess.Popen(
        [server, "serve", "--port", "0", "--data", data, *thread_options()],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        token = asyncio.run(moves_before_stop(read_port(process)))
    finally:
        process.terminate()
        process.wait(timeout=10)
    left = sorted(os.listdir(data))
    assert left == ["game-server.sqlite"], left
    copy = tempfile.mkdtemp()
    shutil.copy(os.path.join(data, "game-server.sqlite"), copy)
    process = subprocess.Popen(
        [server, "serve", "--port", "0", "--data", copy, *thread_options()],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        board = asyncio.run(resumed_board(read_port(process), token))
        assert board == ["X..", ".O.", "..X"], board
    finally:
        process.terminate()
        process.wait(timeout=10)


def check_export(server, *where):
    """`export-game --list` names the game just played and `export-game ID` writes its record and
    replay (read while the server runs on the database); an unknown number is refused. Returns
    the export."""
    listing = subprocess.run([server, "export-game", "--list", *where], capture_output=True, text=True, timeout=60)
    assert listing.returncode == 0, listing
    first = listing.stdout.splitlines()[0].split("\t")
    assert first[1] == "tictactoe" and first[3] != "draw", listing.stdout
    exported = subprocess.run([server, "export-game", first[0], *where], capture_output=True, text=True, timeout=60)
    assert exported.returncode == 0, exported
    game = json.loads(exported.stdout)
    assert game["v"] == 1 and str(game["game"]) == first[0], game
    assert game["record"]["variant"] == "tictactoe" and len(game["record"]["winners"]) == 1, game
    lines = [json.loads(line) for line in game["log"]]
    assert "seats" in lines[0] and len(lines) >= 6, lines
    missing = subprocess.run([server, "export-game", "999999", *where], capture_output=True, text=True, timeout=60)
    assert missing.returncode == 64 and "No game 999999" in missing.stderr, missing
    return exported.stdout


def main():
    server = sys.argv[1]
    data = tempfile.mkdtemp()
    process = subprocess.Popen(
        [server, "serve", "--port", "0", "--data", data, *thread_options()],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        port = read_port(process)
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/").read().decode()
        assert "<title>Games</title>" in page, page[:200]
        health = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz").read().decode()
        assert health == "ok\n", health
        asyncio.run(play(f"ws://127.0.0.1:{port}/"))
        exported = check_export(server, "--data", data)
        if os.environ.get("GAME_SERVER_EXPORT_TO"):
            with open(os.environ["GAME_SERVER_EXPORT_TO"], "w") as file:
                file.write(exported)
        asyncio.run(three_player_race(f"ws://127.0.0.1:{port}/"))
        metrics = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics").read().decode()
        values = dict(line.rsplit(" ", 1) for line in metrics.splitlines() if line and not line.startswith("#"))
        assert float(values["game_moves_total"]) >= 5, metrics
        assert float(values["game_messages_rejected_total"]) >= 3, metrics
        assert "game_message_handling_seconds_count" in values, metrics
        bot = os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "GameServerMain", "Public", "bot.py")
        play_bot_script(bot, port)
    finally:
        process.terminate()
        process.wait(timeout=10)
    check_tls(server)
    check_bad_tls(server)
    check_connection_limit(server)
    check_idle_timeout(server)
    check_slow_reader(server)
    check_stop_keeps_every_move(server)
    print("websocket end-to-end test passed")


if __name__ == "__main__":
    main()
