"""Three game-server nodes in a cluster (`serve --cluster`) sharing one PostgreSQL that the test
starts itself (deploy/deployment/postgres.sh), with a lease of 3 s:

- two players on node A play; A is killed with SIGKILL mid-game; they reconnect to node B and
  `resume`, following `moved` to whichever node took the room over; within the lease plus 2 s a
  node serves the room, every move they saw is there, and they finish the game;
- two players on node B; B is paused (SIGSTOP) past its lease; another node takes the room over
  and one player resumes there; once B goes on (SIGCONT) it closes the sockets of the room it
  lost (1012), and a move sent to B on an old socket never reaches the room;
- a player whose room is on another node is sent there (`moved`) when it resumes anywhere;
- the queue is the cluster's: two registered players queueing on different nodes are matched,
  one follows `moved` to the other's node, they finish the game and each rating is recorded
  once; 200 guests queueing over the 3 nodes all end up in exactly one room each, and no ticket
  is left; a private room's invite code works from another node (`joinElsewhere` sends the
  friend to the host's node, where it resumes and joins);
- `game-load --nodes 2` with two players plays over two nodes of its own (one follows `moved`);
- a login on one node takes the player's connection on another (`logged_in_elsewhere`), and five
  wrong passwords on one node lock the account on the others.

Where PostgreSQL is not installed it says how to install it and skips; under CI (CI=true) that is
a failure.

Usage: python3 Tests/EndToEnd/cluster_test.py PATH_TO_GAME_SERVER
"""
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

import websockets

from harness import move, read_port, receive, table_row
from postgres_test import postgres, postgres_installed, start_postgres

LEASE = 3


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Node:
    def __init__(self, server, database, lease=LEASE):
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}/"
        self.process = subprocess.Popen(
            [server, "serve", "--port", str(self.port), "--data", tempfile.mkdtemp(), "--database", database,
             "--cluster", "--node-url", self.url, "--lease-seconds", str(lease), "--threads", "1"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        # NB: What it logged before it listened: joining the cluster is a notice the operator sees.
        self.started = []
        assert read_port(self.process, self.started) == self.port
        assert any("Joined the cluster" in line for line in self.started), self.started

    def kill(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)




class Player:
    def __init__(self, name):
        self.name = name
        self.socket = None
        self.token = None
        self.room = None

    async def guest(self, url):
        self.socket = await websockets.connect(url)
        await self.socket.send(json.dumps({"v": 1, "type": "guest", "name": self.name}))
        self.token = (await receive(self.socket, lambda m: m["type"] == "welcome"))["token"]

    async def resume(self, entry, seconds):
        """Connects to `entry` and resumes, following `moved`, until a node shows the room; a
        node that is down (or a room not yet taken over) is tried again from `entry`. Returns
        the view and the url of the node that serves the room."""
        deadline = time.monotonic() + seconds
        url = entry
        while time.monotonic() < deadline:
            try:
                socket = await websockets.connect(url, open_timeout=2)
            except OSError:
                url = entry
                await asyncio.sleep(0.1)
                continue
            await socket.send(json.dumps({"v": 1, "type": "resume", "token": self.token}))
            try:
                welcome = await receive(socket, lambda m: m["type"] in ("welcome", "error"))
                assert welcome["type"] == "welcome", welcome
                self.token = welcome["token"]
                if welcome.get("room"):
                    message = await receive(socket, lambda m: m["type"] in ("room", "error"))
                    if message["type"] == "room":
                        self.socket = socket
                        self.room = message["room"]
                        return message["view"], url
                else:
                    # NB: A room the shared queue just made may open here a moment after.
                    message = await receive(socket, lambda m: m["type"] in ("room", "moved"), seconds=2)
                    if message["type"] == "room":
                        self.socket = socket
                        self.room = message["room"]
                        return message["view"], url
                    url = message["url"]
            except (asyncio.TimeoutError, websockets.ConnectionClosed):
                url = entry
            await socket.close()
            await asyncio.sleep(0.1)
        raise AssertionError(f"{self.name}'s room was not served within {seconds} s")

    async def move(self, row, column):
        await self.socket.send(move(row, column))

    async def board(self, expected):
        view = (await receive(self.socket, lambda m: m["type"] == "room" and m["view"]["board"] == expected))["view"]
        return view


async def match(url, first, second):
    for player in (first, second):
        await player.guest(url)
    for player in (first, second):
        await player.socket.send(json.dumps({"v": 1, "type": "queue", "game": "tictactoe"}))
    views = {}
    for player in (first, second):
        views[player.name] = (await receive(player.socket, lambda m: m["type"] == "room"))["view"]
    # NB: The first in the queue plays X.
    return (first, second) if views[first.name]["you"] == "X" else (second, first)


async def to_room(player, seconds=20):
    """After `queue`: the room's id and view, here or, when the shared queue opened the room on
    another node (`moved`), there, where the player resumes."""
    message = await receive(player.socket, lambda m: m["type"] in ("room", "moved"), seconds)
    if message["type"] == "room":
        return message["room"], message["view"]
    await player.socket.close()
    view, _ = await player.resume(message["url"], seconds)
    return player.room, view


def sql(database, query):
    result = subprocess.run(["psql", database, "-tAc", query], capture_output=True, text=True, check=True)
    return result.stdout.strip()


async def cross_node_match(a, b, database):
    """Two registered players queue on different nodes: one room, on the node of the first;
    they finish it and each rating is recorded once."""
    players = []
    for name, node in (("fay", a), ("gus", b)):
        player = Player(name)
        player.socket = await websockets.connect(node.url)
        await player.socket.send(json.dumps({"v": 1, "type": "register", "name": name, "password": "correct horse"}))
        player.token = (await receive(player.socket, lambda m: m["type"] == "welcome"))["token"]
        await player.socket.send(json.dumps({"v": 1, "type": "queue", "game": "tictactoe"}))
        await receive(player.socket, lambda m: m["type"] == "queued")
        players.append(player)
    fay, gus = players
    (room, view_fay), (room_gus, _) = await asyncio.gather(to_room(fay), to_room(gus))
    assert room == room_gus, (room, room_gus)
    assert sql(database, f"SELECT node.url FROM room JOIN node ON node.id = room.owner WHERE room.id = '{room}'") == a.url
    x, o = (fay, gus) if view_fay["you"] == "X" else (gus, fay)
    for player, row, column, board in [
        (x, 0, 0, ["X..", "...", "..."]), (o, 1, 1, ["X..", ".O.", "..."]), (x, 0, 1, ["XX.", ".O.", "..."]),
        (o, 2, 2, ["XX.", ".O.", "..O"]), (x, 0, 2, ["XXX", ".O.", "..O"])]:
        await player.move(row, column)
        for each in (x, o):
            view = await each.board(board)
    assert view["outcome"]["winner"] == "X", view
    changes = {}
    for player in (x, o):
        changes[player.name] = (await receive(player.socket, lambda m: m["type"] == "rating"))["change"]
    assert changes[x.name] > 0 > changes[o.name], changes
    assert sql(database, f"SELECT count(*) FROM game WHERE room = '{room}'") == "1"
    assert sql(database, "SELECT string_agg(name || ' ' || (wins + losses), ',' ORDER BY name) FROM rating WHERE NOT is_guest") == "fay 1,gus 1"
    print(f"cross-node match: {room} on {a.url}, ratings {changes}")
    for player in (x, o):
        await player.socket.close()


async def private_room_across_nodes(b, c):
    """A friend on another node joins a private room with its code: sent to the host's node."""
    host, friend = Player("hal"), Player("ivy")
    await host.guest(b.url)
    await friend.guest(c.url)
    await host.socket.send(json.dumps({"v": 1, "type": "createRoom", "game": "tictactoe"}))
    code = (await receive(host.socket, lambda m: m["type"] == "privateRoom"))["code"]
    # NB: Other nodes know the code once the host's node has stored it (a few ms).
    for attempt in range(50):
        await friend.socket.send(json.dumps({"v": 1, "type": "joinRoom", "code": code.lower(), "id": f"j{attempt}"}))
        message = await receive(friend.socket, lambda m: m["type"] in ("joinElsewhere", "error"))
        if message["type"] == "joinElsewhere":
            break
        assert message["code"] == "unknown_invite_code", message
        await asyncio.sleep(0.02)
    assert message["type"] == "joinElsewhere" and message["url"] == b.url and message["code"] == code, message
    assert message["replyTo"] == f"j{attempt}", message
    await friend.socket.close()
    friend.socket = await websockets.connect(message["url"])
    await friend.socket.send(json.dumps({"v": 1, "type": "resume", "token": friend.token}))
    await receive(friend.socket, lambda m: m["type"] == "welcome")
    await friend.socket.send(json.dumps({"v": 1, "type": "joinRoom", "code": code}))
    rooms = [(await receive(player.socket, lambda m: m["type"] == "room"))["room"] for player in (host, friend)]
    assert rooms[0] == rooms[1], rooms
    print(f"private room across nodes: {code} from {c.url} joined on {b.url}")
    for player in (host, friend):
        await player.socket.close()


async def many_over_three_nodes(nodes, database, count=200):
    """`count` guests spread over the nodes queue at once: each ends up in exactly one room,
    with one other player, and no ticket is left."""
    players = [Player(f"player{index}") for index in range(count)]
    await asyncio.gather(*(player.guest(nodes[index % len(nodes)].url) for index, player in enumerate(players)))
    for player in players:
        await player.socket.send(json.dumps({"v": 1, "type": "queue", "game": "tictactoe"}))
    views = await asyncio.gather(*(to_room(player, seconds=30) for player in players))
    rooms = {}
    for player, (room, _) in zip(players, views):
        rooms.setdefault(room, []).append(player.name)
    assert len(rooms) == count // 2 and all(len(names) == 2 for names in rooms.values()), rooms
    seated = [name for names in rooms.values() for name in names]
    assert sorted(seated) == sorted(player.name for player in players)
    assert sql(database, "SELECT count(*) FROM ticket") == "0"
    assert sql(database, "SELECT count(*) FROM pending_room") == "0"
    owners = sql(database, "SELECT count(DISTINCT owner) FROM room")
    print(f"{count} players over {len(nodes)} nodes: {len(rooms)} rooms of two, owned by {owners} nodes, no ticket left")
    for player in players:
        await player.socket.close()


async def failover(a, b, lease=LEASE):
    x, o = await match(a.url, Player("ann"), Player("ben"))
    await x.move(0, 0)
    await o.board(["X..", "...", "..."])
    await o.move(1, 1)
    for player in (x, o):
        await player.board(["X..", ".O.", "..."])
    a.kill()
    killed = time.monotonic()
    (view_x, node_x), (view_o, node_o) = await asyncio.gather(
        x.resume(b.url, lease + 10), o.resume(b.url, lease + 10))
    served = time.monotonic() - killed
    assert served <= lease + 2, f"served again after {served:.1f} s"
    assert view_x["board"] == view_o["board"] == ["X..", ".O.", "..."], (view_x, view_o)
    assert node_x == node_o and node_x != a.url, (node_x, node_o)
    for player, row, column, board in [
        (x, 0, 1, ["XX.", ".O.", "..."]), (o, 2, 2, ["XX.", ".O.", "..O"]), (x, 0, 2, ["XXX", ".O.", "..O"])]:
        await player.move(row, column)
        for each in (x, o):
            view = await each.board(board)
    assert view["outcome"]["result"] == "win" and view["outcome"]["winner"] == "X", view
    print(f"failover: served again {served:.2f} s after SIGKILL (lease {lease} s)")
    return served


async def paused_owner(b, c):
    x, o = await match(b.url, Player("cat"), Player("dan"))
    await x.move(0, 0)
    for player in (x, o):
        await player.board(["X..", "...", "..."])
    old_o = o.socket
    b.process.send_signal(signal.SIGSTOP)
    paused = time.monotonic()
    try:
        # X comes back through node C: within the lease plus 2 s C (the only live node) has the room.
        view, node = await x.resume(c.url, LEASE + 10)
        assert node == c.url and view["board"] == ["X..", "...", "..."], (node, view)
        assert time.monotonic() - paused <= LEASE + 2 + 1
    finally:
        b.process.send_signal(signal.SIGCONT)
    # O, still on B's old socket, moves: B lost the room, so the move never reaches it, and B
    # closes the socket.
    try:
        await old_o.send(move(1, 1))
        while True:
            message = json.loads(await asyncio.wait_for(old_o.recv(), timeout=10))
            assert not (message["type"] == "room" and message["view"]["board"][1] == ".O."), message
    except websockets.ConnectionClosed as closed:
        assert closed.rcvd is None or closed.rcvd.code in (1012, 1001, 1006), closed
    # O resumes on C and moves there; the board never had the move sent to B.
    view, node = await o.resume(b.url, 10)
    assert node == c.url and view["board"] == ["X..", "...", "..."], (node, view)
    await o.move(2, 2)
    for player in (x, o):
        await player.board(["X..", "...", "..O"])


async def shared_logins(b, c):
    """A login on one node takes the player's connection on another; wrong passwords on one node
    lock the account on every node."""
    eve = await websockets.connect(b.url)
    await eve.send(json.dumps({"v": 1, "type": "register", "name": "eve", "password": "correct horse"}))
    token = (await receive(eve, lambda m: m["type"] == "welcome"))["token"]
    async with websockets.connect(c.url) as elsewhere:
        await elsewhere.send(json.dumps({"v": 1, "type": "resume", "token": token}))
        await receive(elsewhere, lambda m: m["type"] == "welcome")
        error = await receive(eve, lambda m: m["type"] == "error")
        assert error["code"] == "logged_in_elsewhere", error
    await eve.close()
    async with websockets.connect(b.url) as guesser:
        for attempt in range(5):
            await guesser.send(json.dumps({"v": 1, "type": "login", "name": "eve", "password": f"guess {attempt}"}))
            error = await receive(guesser, lambda m: m["type"] == "error")
            assert error["code"] == "wrong_password", error
    async with websockets.connect(c.url) as other:
        await other.send(json.dumps({"v": 1, "type": "login", "name": "eve", "password": "correct horse"}))
        error = await receive(other, lambda m: m["type"] in ("error", "welcome"))
        assert error["type"] == "error" and error["code"] == "too_many_attempts", error


def load_over_two_nodes(server, database):
    """game-load starts two nodes and puts one of its two players on each: they are matched
    across the nodes, so views come only if the one sent to the other node follows `moved`."""
    load = os.path.join(os.path.dirname(server), "game-load")
    result = subprocess.run(
        [load, "--database", database, "--nodes", "2", "--connections", "2", "--seconds", "1"],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    row = table_row(result.stdout)
    assert row[0] == "2" and int(row[2]) > 0, result.stdout
    print(f"game-load over two nodes: {row[2]} views/s, {row[5]} µs of server CPU per view")


def main():
    server = sys.argv[1]
    if not postgres_installed("cluster test"):
        return
    folder, database = start_postgres()
    nodes = []
    try:
        nodes = [Node(server, database) for _ in range(3)]
        a, b, c = nodes
        asyncio.run(failover(a, b))
        asyncio.run(paused_owner(b, c))
        asyncio.run(shared_logins(b, c))
        asyncio.run(cross_node_match(b, c, database))
        asyncio.run(private_room_across_nodes(b, c))
        # NB: A was killed above: a fourth node makes three live ones.
        nodes.append(Node(server, database))
        asyncio.run(many_over_three_nodes([b, c, nodes[3]], database))
        load_over_two_nodes(server, database)
    finally:
        for node in nodes:
            node.process.send_signal(signal.SIGCONT) if node.process.poll() is None else None
            node.kill()
        postgres(folder, "stop")
    print("cluster end-to-end test passed")


if __name__ == "__main__":
    main()
