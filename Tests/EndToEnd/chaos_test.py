"""Chaos in a cluster: three game-server nodes (`serve --cluster`, lease 2 s) on one PostgreSQL
that the test starts itself, bots playing tic-tac-toe through whichever node they are sent to,
and a node killed with SIGKILL every few seconds and started again a few seconds later, at the
same address, for a bounded time. Seven bots play at a time (an odd number: one often waits alone
in the queue, on a node that may be killed). Each bot, in turn, logs in as a guest on any node, queues, plays
two games in one room (a rematch), leaves, waits for its leave to be answered, queues again as the
same guest for a second room, leaves that too, and starts again as a new guest; it follows
`moved`, and when its connection drops or a node cannot be reached it connects to another node
and resumes with its latest token.

Then it checks, from what the bots saw and what the database holds:
- no acknowledged move is lost: a move a bot saw in a view is in every later view of that game,
  and in the game's record;
- every finished game is recorded once (one `game` row per game each room finished);
- no player sits in two rooms: a guest is shown no second room while it has one, and no player
  has two seats in the cluster's directory;
- a seat left is left: once a bot's `leaveRoom` is answered `roomLeft`, it is never shown that
  room again, nor told `already_in_room` naming it;
- nobody is stuck in the queue: every `queue` leads to a room within 30 s, and no ticket is left;
- every game finishes: every guest that started finishes its games in both its rooms (a game
  that a node's kill interrupted resumes on another node);
- every error is a documented one, and no bot is sent (`moved`) to a node whose lease it could
  see had run out.

Where PostgreSQL is not installed it says how to install it and skips; under CI (CI=true) that is
a failure.

Usage: python3 Tests/EndToEnd/chaos_test.py PATH_TO_GAME_SERVER [SECONDS_OF_KILLS]
"""
import asyncio
import json
import random
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import websockets

from harness import read_port
from postgres_test import postgres, postgres_installed, start_postgres

LEASE = 2
# How many rooms each guest plays, one after another, leaving each before it queues again.
ROOMS_PER_GUEST = 2
# The documented error codes: every code in the table of the wire protocol article's "Errors".
ARTICLE = os.path.join(os.path.dirname(__file__), "../../Sources/GameServerMain/Documentation.docc/WireProtocol.md")


def documented_codes():
    text = open(ARTICLE).read()
    section = text[text.index("\n## Errors\n"):]
    section = section[:section.index("\n## ", 1)]
    codes = {code for row in section.splitlines() if row.startswith("| `")
             for code in re.findall(r"`([a-z_]+)`", row.split("|")[1])}
    assert {"malformed_json", "unavailable", "not_your_turn"} <= codes, "the article's Errors table was not read"
    return codes


DOCUMENTED = documented_codes()


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Node:
    """A node at a fixed address, which the test kills and starts again there."""

    def __init__(self, server, database):
        self.server, self.database = server, database
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}/"
        self.process = None
        self.killed_at = None
        self.start()

    def start(self):
        self.process = subprocess.Popen(
            [self.server, "serve", "--port", str(self.port), "--data", tempfile.mkdtemp(), "--database", self.database,
             "--cluster", "--node-url", self.url, "--lease-seconds", str(LEASE), "--threads", "1"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert read_port(self.process) == self.port
        # NB: Its log is read (and dropped) so that the pipe never fills.
        asyncio.get_running_loop().run_in_executor(None, self.process.stdout.read)
        self.killed_at = None

    def kill(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.killed_at = time.monotonic()

    @property
    def is_up(self):
        return self.killed_at is None


class Findings:
    def __init__(self):
        self.problems = []
        self.errors = {}
        self.games = {}          # room -> {game number: [(mark, row, column), ...] acknowledged}
        self.finished = {}       # room -> set of game numbers seen over
        self.moves_sent = 0
        self.guests = 0
        self.completed = 0
        self.moved = 0
        self.redirects_to_down = []

    def problem(self, text):
        print("PROBLEM:", text, flush=True)
        self.problems.append(text)


class Bot:
    """One guest's life: log in, then for each of its rooms queue, two games in one room, leave."""

    def __init__(self, name, nodes, findings):
        self.name, self.nodes, self.findings = name, nodes, findings
        self.token = None
        # The rooms whose leave was answered, and the room being left (its leave not yet answered).
        self.left = set()
        self.leaving = None
        # The rooms it played and left, answered or not.
        self.done = set()
        self.socket = None
        self.url = None

    async def send(self, message):
        await self.socket.send(json.dumps({"v": 1, **message}))

    async def connect(self, url=None):
        """Connects to `url` (or any node that is up) and logs in or resumes; a node that cannot
        be reached is left for another."""
        while True:
            target = url or random.choice([node for node in self.nodes if node.is_up] or self.nodes).url
            url = None
            try:
                self.socket = await websockets.connect(target, open_timeout=2, close_timeout=1)
                self.url = target
                if self.token:
                    await self.send({"type": "resume", "token": self.token})
                else:
                    await self.send({"type": "guest", "name": self.name})
                return
            except (OSError, asyncio.TimeoutError, websockets.InvalidHandshake, websockets.ConnectionClosed):
                await asyncio.sleep(0.2)

    async def live(self, deadline):
        self.findings.guests += 1
        await self.connect()
        queued_at, in_room, homeless_since, lost_leave_since = None, None, None, None
        # What was sent on this connection (a reconnection sends again what may have been lost).
        sent, rematch_sent = None, set()
        while True:
            now = time.monotonic()
            if now > deadline:
                self.findings.problem(f"{self.name}: did not finish its games (room {in_room})")
                await self.socket.close()
                return
            if queued_at and now - queued_at > 40:
                self.findings.problem(f"{self.name}: queued 40 s ago and no room came")
                queued_at = None
            if lost_leave_since and now - lost_leave_since > 10:
                lost_leave_since = None
                if await self.has_left(in_room, answered=False):
                    return
                in_room = None
                await self.send({"type": "queue", "game": "tictactoe", "id": "q"})
                queued_at = time.monotonic()
            if homeless_since and now - homeless_since > 20:
                self.findings.problem(f"{self.name}: its room {in_room} was not shown again within 20 s")
                await self.socket.close()
                return
            try:
                message = json.loads(await asyncio.wait_for(self.socket.recv(), timeout=1))
            except asyncio.TimeoutError:
                continue
            except (websockets.ConnectionClosed, OSError):
                await self.connect()
                sent, rematch_sent = None, set()
                continue
            kind = message["type"]
            if kind == "welcome":
                self.token = message["token"]
                if message.get("room"):
                    continue
                if self.leaving is not None and in_room == self.leaving:
                    # NB: Its leave's answer was lost with the connection. Still seated, it would be
                    #     sent to its room (`moved`, or the room shown); nothing in 10 s, it left.
                    lost_leave_since = time.monotonic()
                    continue
                if in_room is None:
                    # NB: A new connection waits in no queue: the bot queues (again).
                    await self.send({"type": "queue", "game": "tictactoe", "id": "q"})
                    queued_at = queued_at or time.monotonic()
                else:
                    # NB: Its room is elsewhere: `moved` comes, or `unavailable` while it is taken over.
                    homeless_since = homeless_since or time.monotonic()
            elif kind == "moved":
                lost_leave_since = None
                self.findings.moved += 1
                target = next((node for node in self.nodes if node.url == message["url"]), None)
                # NB: A node's lease ends at most LEASE after it was killed (it renews once a
                #     second): past that, no node may send anyone there.
                if target is not None and not target.is_up and time.monotonic() - target.killed_at > LEASE + 0.25:
                    self.findings.redirects_to_down.append(
                        f"{self.name} sent to {message['url']}, down for {time.monotonic() - target.killed_at:.1f} s")
                await self.socket.close()
                await self.connect(message["url"])
                sent, rematch_sent = None, set()
            elif kind == "error":
                code = message["code"]
                self.findings.errors[code] = self.findings.errors.get(code, 0) + 1
                if code not in DOCUMENTED:
                    self.findings.problem(f"{self.name}: undocumented error {message}")
                if code == "unavailable" and message.get("replyTo") == "q":
                    await asyncio.sleep(message.get("retryAfter", 1))
                    await self.send({"type": "queue", "game": "tictactoe", "id": "q"})
                if code == "unavailable" and message.get("replyTo") == "leave":
                    await asyncio.sleep(message.get("retryAfter", 1))
                    await self.send({"type": "leaveRoom", "id": "leave"})
                if code == "already_in_room" and message.get("room") in self.left:
                    self.findings.problem(f"{self.name}: already_in_room names {message['room']}, whose leave was answered")
            elif kind == "roomLeft" and message.get("replyTo") == "leave":
                if await self.has_left(message["room"]):
                    return
                in_room = None
                await self.send({"type": "queue", "game": "tictactoe", "id": "q"})
                queued_at = time.monotonic()
            elif kind == "room":
                queued_at, homeless_since, lost_leave_since = None, None, None
                room, view = message["room"], message["view"]
                if room in self.left:
                    self.findings.problem(f"{self.name}: shown {room} again after its leave was answered")
                if in_room is not None and room != in_room:
                    self.findings.problem(f"{self.name}: seated in two rooms {in_room} and {room}")
                in_room = room
                number = view["gameNumber"]
                acknowledged = self.findings.games.setdefault(room, {}).setdefault(number, [])
                board = view["board"]
                # Every move acknowledged before is still there.
                for mark, row, column in acknowledged:
                    if board[row][column] != mark:
                        self.findings.problem(
                            f"{self.name}: lost the acknowledged {mark} at {row},{column} in {room} game {number}: {board}")
                for row in range(3):
                    for column in range(3):
                        mark = board[row][column]
                        if mark != "." and (mark, row, column) not in acknowledged:
                            acknowledged.append((mark, row, column))
                if view.get("outcome"):
                    self.findings.finished.setdefault(room, set()).add(number)
                    if number >= 2:
                        # NB: Once: the game's end may come in more than one view.
                        if self.leaving != room:
                            self.leaving = room
                            await self.send({"type": "leaveRoom", "id": "leave"})
                        continue
                    if view["you"] not in view["rematchRequests"] and (room, number) not in rematch_sent:
                        rematch_sent.add((room, number))
                        await self.send({"type": "rematch"})
                    continue
                if view.get("turn") == view.get("you") and sent != (room, number, view["moveNumber"]):
                    empty = [(r, c) for r in range(3) for c in range(3) if board[r][c] == "."]
                    row, column = random.choice(empty)
                    await asyncio.sleep(random.uniform(0.05, 0.3))
                    sent = (room, number, view["moveNumber"])
                    self.findings.moves_sent += 1
                    try:
                        await self.send({"type": "move", "cell": {"row": row, "column": column}})
                    except websockets.ConnectionClosed:
                        pass


    async def has_left(self, room, answered=True):
        """Notes that it left `room` (its leave `answered`, or, with its answer lost, nothing
        sending it back there); True once the guest has played all its rooms (it then closes)."""
        self.done.add(room)
        if answered:
            self.left.add(room)
        self.leaving = None
        if len(self.done) < ROOMS_PER_GUEST:
            return False
        self.findings.completed += 1
        await self.socket.close()
        return True


async def bots(index, nodes, findings, until, deadline):
    """Guests one after another, until the kills stop."""
    life = 0
    while time.monotonic() < until:
        life += 1
        await Bot(f"b{index}x{life}", nodes, findings).live(deadline)


async def chaos(nodes, until):
    """Kills a node every few seconds, and starts it again a few seconds later."""
    kills = 0
    while time.monotonic() < until:
        await asyncio.sleep(random.uniform(3, 5))
        node = random.choice(nodes)
        node.kill()
        kills += 1
        await asyncio.sleep(random.uniform(3.5, 5.5))
        node.start()
    return kills


def sql(database, query):
    result = subprocess.run(["psql", database, "-tAc", query], capture_output=True, text=True, check=True)
    return result.stdout.strip()


async def run(server, database, seconds, bot_count=7):
    findings = Findings()
    nodes = [Node(server, database) for _ in range(3)]
    start = time.monotonic()
    until = start + seconds
    deadline = until + 60
    try:
        results = await asyncio.gather(
            chaos(nodes, until), *(bots(index, nodes, findings, until, deadline) for index in range(bot_count)))
        kills = results[0]
        # Every game the bots saw finish is recorded once; every acknowledged move is in its record.
        for room, numbers in findings.finished.items():
            records = sql(database, f"SELECT record FROM game WHERE room = '{room}' ORDER BY id").splitlines()
            if len(records) != len(numbers):
                findings.problem(f"{room}: {len(numbers)} games finished, {len(records)} recorded")
                continue
            for number, record in zip(sorted(numbers), records):
                moves = json.loads(json.loads(record)["moves"])
                cells = {(move["row"], move["column"]) for move in moves}
                for mark, row, column in findings.games[room][number]:
                    if (row, column) not in cells:
                        findings.problem(f"{room} game {number}: the acknowledged {mark} at {row},{column} is not recorded")
        twice = sql(database, "SELECT player FROM room_player GROUP BY player HAVING count(*) > 1")
        if twice:
            findings.problem(f"players with two seats in the directory: {twice}")
        left = sql(database, "SELECT count(*) FROM ticket")
        if left != "0":
            findings.problem(f"{left} tickets left in the queue")
        for redirect in findings.redirects_to_down:
            findings.problem(f"sent to a node that was down: {redirect}")
        print(
            f"chaos: {seconds} s, {kills} kills, {findings.guests} guests ({findings.completed} played all their rooms), "
            f"{sum(len(n) for n in findings.finished.values())} games finished in {len(findings.finished)} rooms, "
            f"{findings.moves_sent} moves sent, {findings.moved} moved followed, errors {findings.errors}",
            flush=True)
    finally:
        for node in nodes:
            node.kill()
    return findings


def main():
    server = sys.argv[1]
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    if not postgres_installed("chaos test"):
        return
    folder, database = start_postgres()
    try:
        findings = asyncio.run(run(server, database, seconds))
    finally:
        postgres(folder, "stop")
    if findings.problems:
        print(f"chaos test FAILED: {len(findings.problems)} problems")
        for problem in findings.problems[:40]:
            print("  ", problem)
        sys.exit(1)
    print("chaos test passed")


if __name__ == "__main__":
    main()
