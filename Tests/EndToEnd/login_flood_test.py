"""Floods of logins and registrations: wrong passwords sent at once cannot get past the lockout,
password hashing is bounded, a taken name costs no hash, and an honest login is answered
promptly meanwhile (a liveness bound of 10 s; it takes well under 1 s).

Usage: python3 Tests/EndToEnd/login_flood_test.py PATH_TO_GAME_SERVER
"""
import asyncio
import collections
import json
import sys
import time

import websockets

from harness import start, stop


async def answers(socket, count, seconds=20):
    """The next `count` answers' codes ("welcome" for a welcome)."""
    codes = []
    while len(codes) < count:
        message = json.loads(await asyncio.wait_for(socket.recv(), timeout=seconds))
        codes.append(message["code"] if message["type"] == "error" else message["type"])
    return codes


async def register(url, name):
    async with websockets.connect(url) as socket:
        await socket.send(json.dumps({"v": 1, "type": "register", "name": name, "password": "correct horse"}))
        assert await answers(socket, 1) == ["welcome"]


async def flood(url):
    await register(url, "carol")
    await register(url, "dave")
    await register(url, "erin")

    # 50 wrong passwords at once on one connection: one is checked, the rest are refused at once.
    async with websockets.connect(url) as socket:
        for _ in range(50):
            await socket.send(json.dumps({"v": 1, "type": "login", "name": "erin", "password": "wrong horse"}))
        codes = collections.Counter(await answers(socket, 50))
        assert codes["wrong_password"] == 1 and codes["busy"] == 49, codes

    # The same over 5 connections at once, then 5 more: at most 5 wrong passwords get checked
    # in all (the lockout counts the checks in flight), the rest are too_many_attempts.
    sockets = [await websockets.connect(url) for _ in range(10)]
    try:
        for socket in sockets:
            await socket.send(json.dumps({"v": 1, "type": "login", "name": "carol", "password": "wrong horse"}))
        codes = collections.Counter([code for socket in sockets for code in await answers(socket, 1)])
        assert codes["wrong_password"] <= 5 and codes["too_many_attempts"] >= 5, codes
    finally:
        for socket in sockets:
            await socket.close()

    # 270 registrations of a taken name from 2 connections in about 3 s, while an honest player
    # logs in on a third.
    attackers = [await websockets.connect(url) for _ in range(2)]
    honest = await websockets.connect(url)
    try:
        async def attack(socket):
            for _ in range(135):
                await socket.send(json.dumps({"v": 1, "type": "register", "name": "carol", "password": "another one"}))
                await asyncio.sleep(0.022)
            return collections.Counter(await answers(socket, 135))

        attacks = [asyncio.create_task(attack(socket)) for socket in attackers]
        await asyncio.sleep(1)
        started = time.monotonic()
        await honest.send(json.dumps({"v": 1, "type": "login", "name": "dave", "password": "correct horse"}))
        assert await answers(honest, 1, seconds=10) == ["welcome"]
        elapsed = time.monotonic() - started
        for codes in await asyncio.gather(*attacks):
            assert set(codes) <= {"name_taken", "busy"} and codes["name_taken"] >= 100, codes
    finally:
        for socket in attackers + [honest]:
            await socket.close()
    return elapsed


def main():
    process, port = start(sys.argv[1])
    try:
        elapsed = asyncio.run(flood(f"ws://127.0.0.1:{port}/"))
    finally:
        stop(process)
    print(f"login flood test passed (an honest login under the flood took {elapsed * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
