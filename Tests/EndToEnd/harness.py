"""Shared helpers for the end-to-end tests: starting game-server, and websocket frames by hand."""
import asyncio
import base64
import json
import os
import re
import socket
import subprocess
import tempfile
import time


def table_row(output):
    """The cells of the last row of the table game-load printed (separators and any log line
    after the table left out)."""
    rows = [line for line in output.splitlines() if line.startswith("|") and not line.startswith("|--")]
    return [cell.strip() for cell in rows[-1].strip("|").split("|")]


def event_loop_options():
    """`--event-loop X` when GAME_SERVER_EVENT_LOOP names one (deploy/test.sh runs the transport's
    tests on both loops)."""
    loop = os.environ.get("GAME_SERVER_EVENT_LOOP")
    return ["--event-loop", loop] if loop else []


def thread_options():
    """`--threads N`: GAME_SERVER_THREADS, or 1 (the tests say how many service threads a server
    has, rather than take the machine's cores; deploy/test.sh runs the transport's tests on 2)."""
    return ["--threads", os.environ.get("GAME_SERVER_THREADS", "1")]


def start(server, *options, data=None):
    """Starts `game-server serve` on a free port; returns the process and the port."""
    process = subprocess.Popen(
        [server, "serve", "--port", "0", "--data", data or tempfile.mkdtemp(), *thread_options(), *options,
         *event_loop_options()],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return process, read_port(process)


def read_port(process, lines=None):
    """The port from the server's "listening on" line (log lines may come first, and are added to
    `lines` when given)."""
    for _ in range(20):
        line = process.stdout.readline()
        if lines is not None:
            lines.append(line)
        found = re.search(r"listening on \S+:(\d+)$", line.strip())
        if found:
            return int(found.group(1))
    raise AssertionError("the server did not say where it listens")


async def receive(socket, predicate, seconds=10):
    """The first message that `predicate` accepts within `seconds` (the others are skipped)."""
    deadline = time.monotonic() + seconds
    while True:
        message = json.loads(await asyncio.wait_for(socket.recv(), timeout=max(0.1, deadline - time.monotonic())))
        if predicate(message):
            return message


def move(row, column, id=None):
    """A tic-tac-toe move, with a request id if given."""
    message = {"v": 1, "type": "move", "cell": {"row": row, "column": column}}
    if id:
        message["id"] = id
    return json.dumps(message)


def stop(process):
    process.terminate()
    process.wait(timeout=10)


def handshake(port, timeout=10):
    """A socket that has upgraded to a websocket by hand; returns it and the HTTP response head."""
    key = base64.b64encode(os.urandom(16)).decode()
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        if not chunk:
            break
        head += chunk
    return sock, head


def frame(opcode, payload=b"", fin=True, mask=True, length=None):
    """A client frame. `length` overrides the announced payload length (for hostile frames)."""
    first = (0x80 if fin else 0) | opcode
    announced = len(payload) if length is None else length
    mask_bit = 0x80 if mask else 0
    if announced < 126:
        header = bytes([first, mask_bit | announced])
    elif announced < 1 << 16:
        header = bytes([first, mask_bit | 126]) + announced.to_bytes(2, "big")
    else:
        header = bytes([first, mask_bit | 127]) + announced.to_bytes(8, "big")
    if not mask:
        return header + payload
    key = os.urandom(4)
    return header + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def text(payload):
    return frame(0x1, payload if isinstance(payload, bytes) else payload.encode())


def close_frame(code=None, reason=b""):
    return frame(0x8, b"" if code is None else code.to_bytes(2, "big") + reason)


def server_frames(data):
    """The (opcode, payload) of each whole unmasked frame in `data`."""
    frames, index = [], 0
    while index + 2 <= len(data):
        opcode, length = data[index] & 0x0F, data[index + 1] & 0x7F
        index += 2
        if length == 126:
            length, index = int.from_bytes(data[index:index + 2], "big"), index + 2
        elif length == 127:
            length, index = int.from_bytes(data[index:index + 8], "big"), index + 8
        if index + length > len(data):
            break
        frames.append((opcode, data[index:index + length]))
        index += length
    return frames


def read_until_closed(sock, seconds=10):
    """Everything the server sends until it closes the socket (or `seconds` pass): its frames,
    and whether the socket was closed."""
    sock.settimeout(0.5)
    received, deadline, closed = b"", time.monotonic() + seconds, False
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except ConnectionResetError:
            closed = True
            break
        if not chunk:
            closed = True
            break
        received += chunk
    return server_frames(received), closed


def close_code(frames):
    """The code of the first close frame among `frames`, or None."""
    for opcode, payload in frames:
        if opcode == 0x8:
            return int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 0
    return None
