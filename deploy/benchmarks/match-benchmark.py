#!/usr/bin/env python3
"""How long matching takes, from the second player's `queue` to both players holding the room's
view on the node that owns it, three ways, RUNS times each (20 by default), alternated:

- one node on SQLite (`serve --data`), both players on it;
- one node on PostgreSQL, both players on it (the queue is then the cluster's too: `--cluster`);
- two nodes of a cluster on PostgreSQL, one player on each: the room opens on the node of the
  first ticket, and the second player follows `moved` there (connects, `resume`s).

Each run uses two new guests who log in before the clock starts; the first player queues and
has its `queued` answer before the second queues. Prints every way's median, p90 and maximum
in milliseconds, and the cross-node median beside one SQLite node's (target: at most 10 ms more).
On PostgreSQL it also counts the transactions that wrote, from the first `queue` to both views
(transaction ids drawn, `pg_snapshot_xmax(pg_current_snapshot())`, less what the idle nodes'
heartbeats and pairers draw in as long, measured before the runs): commits per match.

Usage: python3 deploy/benchmarks/match-benchmark.py PATH_TO_GAME_SERVER [RUNS]
"""
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import websockets

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "EndToEnd"))

from cluster_test import Node, free_port  # noqa: E402
from harness import read_port, receive  # noqa: E402
from postgres_test import postgres, start_postgres  # noqa: E402


async def guest(url, name):
    socket = await websockets.connect(url)
    await socket.send(json.dumps({"v": 1, "type": "guest", "name": name}))
    token = (await receive(socket, lambda m: m["type"] == "welcome"))["token"]
    return socket, token


async def view_of(socket, token):
    """The room's view on this socket, or, after `moved`, on the node the room lives on."""
    message = await receive(socket, lambda m: m["type"] in ("room", "moved"))
    if message["type"] == "room":
        return message["room"]
    await socket.close()
    async with websockets.connect(message["url"]) as there:
        await there.send(json.dumps({"v": 1, "type": "resume", "token": token}))
        return (await receive(there, lambda m: m["type"] == "room"))["room"]


def next_xid(database):
    """The next transaction id PostgreSQL will draw (only transactions that write draw one)."""
    result = subprocess.run(["psql", database, "-Atc", "SELECT pg_snapshot_xmax(pg_current_snapshot())"],
                            capture_output=True, text=True, check=True)
    return int(result.stdout.strip())


class Commits:
    """Writing transactions per match on `database`, less the idle cluster's own per second."""

    def __init__(self, database, idle_seconds=5):
        self.database = database
        before, started = next_xid(database), time.perf_counter()
        time.sleep(idle_seconds)
        self.idle_rate = (next_xid(database) - before) / (time.perf_counter() - started)
        self.counts = {}

    def start(self):
        return next_xid(self.database), time.perf_counter()

    def stop(self, name, mark):
        xid, started = mark
        drawn = next_xid(self.database) - xid - self.idle_rate * (time.perf_counter() - started)
        self.counts.setdefault(name, []).append(drawn)


async def one_match(first_url, second_url, run, commits=None, name=None):
    (a, token_a), (b, token_b) = await asyncio.gather(guest(first_url, f"ann{run}"), guest(second_url, f"ben{run}"))
    mark = commits.start() if commits else None
    await a.send(json.dumps({"v": 1, "type": "queue", "game": "tictactoe"}))
    await receive(a, lambda m: m["type"] == "queued")
    started = time.perf_counter()
    await b.send(json.dumps({"v": 1, "type": "queue", "game": "tictactoe"}))
    room_a, room_b = await asyncio.gather(view_of(a, token_a), view_of(b, token_b))
    took = (time.perf_counter() - started) * 1000
    if commits:
        commits.stop(name, mark)
    assert room_a == room_b, (room_a, room_b)
    for socket in (a, b):
        await socket.close()
    return took


def sqlite_node(server):
    port = free_port()
    process = subprocess.Popen(
        [server, "serve", "--port", str(port), "--data", tempfile.mkdtemp()],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert read_port(process) == port
    return process, f"ws://127.0.0.1:{port}/"


def summary(name, times):
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]
    print(f"| {name} | {statistics.median(times):.2f} | {p90:.2f} | {max(times):.2f} |")


def main():
    server = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    folder, database = start_postgres()
    process, sqlite_url = sqlite_node(server)
    nodes = []
    times = {"sqlite": [], "postgres": [], "cross": []}
    try:
        nodes = [Node(server, database), Node(server, database)]
        one, two = nodes
        commits = Commits(database)
        for run in range(runs):
            times["sqlite"].append(asyncio.run(one_match(sqlite_url, sqlite_url, f"s{run}")))
            times["postgres"].append(asyncio.run(one_match(one.url, one.url, f"p{run}", commits, "postgres")))
            times["cross"].append(asyncio.run(one_match(one.url, two.url, f"c{run}", commits, "cross")))
    finally:
        process.kill()
        for node in nodes:
            node.kill()
        postgres(folder, "stop")
    print(f"\nfrom the second `queue` to both players holding the room's view, {runs} runs each (ms):\n")
    print("| matching | median | p90 | max |\n|---|--:|--:|--:|")
    summary("one node, SQLite", times["sqlite"])
    summary("one node of a cluster, PostgreSQL", times["postgres"])
    summary("two nodes, one player on each", times["cross"])
    extra = statistics.median(times["cross"]) - statistics.median(times["sqlite"])
    print(f"\ncross-node median minus one SQLite node's: {extra:+.2f} ms (target: at most +10 ms)")
    print(f"\nPostgreSQL transactions that wrote, per match (the idle nodes' own, {commits.idle_rate:.1f} a second, "
          f"taken out): one node {statistics.median(commits.counts['postgres']):.1f}, "
          f"two nodes {statistics.median(commits.counts['cross']):.1f} (medians)")


if __name__ == "__main__":
    main()
