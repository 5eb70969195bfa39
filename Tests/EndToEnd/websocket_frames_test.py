"""Frame-level websocket tests on a raw socket (RFC 6455, Autobahn-style): hostile lengths, bad
UTF-8, bad close frames, floods of fragments, and the connection limit. After every case the
server is still up and answers another client at once.

Usage: python3 Tests/EndToEnd/websocket_frames_test.py PATH_TO_GAME_SERVER
"""
import json
import socket
import sys
import time

from harness import close_code, close_frame, frame, handshake, read_until_closed, server_frames, start, stop, text

PING = json.dumps({"v": 1, "id": "p", "type": "ping"})


def assert_serving(port, process):
    """The server process is alive and answers a ping on a new connection."""
    assert process.poll() is None, "the server died"
    sock, head = handshake(port)
    assert head.startswith(b"HTTP/1.1 101"), head
    sock.sendall(text(PING))
    sock.settimeout(5)
    data = b""
    while b'"pong"' not in data:
        chunk = sock.recv(4096)
        assert chunk, "no pong"
        data += chunk
    sock.close()


def closed_with(port, payload, chunks=None, seconds=10):
    """Sends `payload` (or each of `chunks` with a pause) on a new websocket; returns the server's
    frames, whether it closed the socket, and how long that took."""
    sock, head = handshake(port)
    assert head.startswith(b"HTTP/1.1 101"), head
    started = time.monotonic()
    for chunk in chunks or [payload]:
        try:
            sock.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            break
        time.sleep(0.05)
    frames, closed = read_until_closed(sock, seconds)
    sock.close()
    return frames, closed, time.monotonic() - started


def check(name, port, process, expected_code, **arguments):
    frames, closed, _ = closed_with(port, **arguments)
    code = close_code(frames)
    assert closed, f"{name}: the connection stayed open ({frames[:3]})"
    assert code == expected_code, f"{name}: expected close {expected_code}, got {code} ({frames[:3]})"
    # Nothing follows the close frame.
    assert frames and frames[-1][0] == 0x8 or expected_code is None, f"{name}: frames after the close: {frames}"
    assert_serving(port, process)
    print(f"ok: {name} -> {expected_code or 'connection dropped'}")


def main():
    server = sys.argv[1]
    process, port = start(server, "--max-message-bytes", "1024", "--max-connections", "8")
    try:
        # The fragment, then a continuation announcing 2^63 - 1 bytes: a remote crash before.
        check("a continuation announcing 2^63-1 bytes", port, process, 1009, payload=None, chunks=[
            bytes.fromhex("0181000000007b"), bytes.fromhex("80ff7fffffffffffffff00000000"), b"a"])
        check("a frame announcing 2^63-1 bytes", port, process, 1009,
              payload=frame(0x1, b"{", length=(1 << 63) - 1))
        check("a message past --max-message-bytes in fragments", port, process, 1009,
              payload=frame(0x1, b"x" * 600, fin=False) + frame(0x0, b"x" * 600))
        # lws 4.1.6 drops the TCP connection, with no close frame, for a length with bit 63 set
        # and for a control frame over 125 bytes; RFC 6455 allows failing a connection so.
        check("a length with bit 63 set", port, process, None, payload=bytes.fromhex("81ff8000000000000001") + bytes(4))
        check("a ping of 126 bytes", port, process, None, payload=frame(0x9, b"x" * 126))

        check("invalid UTF-8 in a text message", port, process, 1007, payload=text(b'{"v":1,"type":"ping","id":"\xc0\xaf"}'))
        check("a surrogate in UTF-8", port, process, 1007, payload=text(b'"\xed\xa0\x80"'))
        # A character split across two fragments is fine.
        message = '{"v":1,"id":"\u00e9","type":"ping"}'.encode()
        split = message.index(b"\xc3") + 1
        sock, _ = handshake(port)
        sock.sendall(frame(0x1, message[:split], fin=False) + frame(0x0, message[split:]))
        sock.settimeout(5)
        reply = sock.recv(4096)
        assert b'"pong"' in reply and '"replyTo":"\u00e9"'.encode() in reply, reply
        sock.close()
        print("ok: a character split across fragments")

        # Answers queued on one connection in one round go out joined in one write (the server
        # frames them itself): each is still its own final text frame, in order, with nothing
        # between them.
        pings = [json.dumps({"v": 1, "id": f"j{index}", "type": "ping"}) for index in range(20)]
        sock, _ = handshake(port)
        sock.sendall(b"".join(text(ping) for ping in pings))
        sock.settimeout(5)
        data = b""
        while len(server_frames(data)) < len(pings):
            chunk = sock.recv(65536)
            assert chunk, "the connection closed before every pong came"
            data += chunk
        frames = server_frames(data)
        replies = [json.loads(payload) for opcode, payload in frames]
        assert [opcode for opcode, _ in frames] == [1] * len(pings), frames
        assert [reply["replyTo"] for reply in replies] == [json.loads(ping)["id"] for ping in pings], replies
        assert all(reply["type"] == "pong" for reply in replies), replies
        sock.close()
        print("ok: answers joined in one write arrive as separate frames, in order")

        for code in (5000, 65535, 1005, 999, 2999):
            check(f"close code {code}", port, process, 1002, payload=close_frame(code))
        check("a close payload of one byte", port, process, 1002, payload=frame(0x8, b"\x03"))
        check("a close reason that is not UTF-8", port, process, 1007, payload=close_frame(1000, b"\xff\xfe"))
        check("a close reason cut inside a character", port, process, 1007, payload=close_frame(1000, b"ab\xe2\x82"))
        check("a close with 1000", port, process, 1000, payload=close_frame(1000, b"bye"))
        check("a close with 4000", port, process, 4000, payload=close_frame(4000))
        check("an empty close", port, process, 0, payload=frame(0x8))

        # Answers queued before a close never follow the close frame.
        check("pings then an oversized message", port, process, 1009, payload=text(PING) * 3 + text(b"x" * 2000))
        # A flood of empty fragments is closed like a flood of messages.
        check("a flood of empty fragments", port, process, 1008,
              payload=frame(0x1, b"", fin=False) + frame(0x0, b"", fin=False) * 2000, seconds=15)

        # Past --max-connections the handshake is answered with HTTP 503.
        open_sockets = [handshake(port)[0] for _ in range(8)]
        sock, head = handshake(port)
        assert head.startswith(b"HTTP/1.1 503"), head
        assert b"retry-after" in head.lower(), head
        sock.close()
        for extra in open_sockets:
            extra.close()
        time.sleep(0.5)
        assert_serving(port, process)
        print("ok: past --max-connections -> HTTP 503")

        # An unmasked client frame is accepted: lws 4.1.6 does not check the mask bit, and no
        # public call tells. Browsers always mask; the server only has to stay up.
        sock, _ = handshake(port)
        sock.sendall(frame(0x1, PING.encode(), mask=False))
        sock.close()
        assert_serving(port, process)
        print("ok: an unmasked frame leaves the server up")
    finally:
        stop(process)
    print("websocket frame tests passed")


if __name__ == "__main__":
    main()
