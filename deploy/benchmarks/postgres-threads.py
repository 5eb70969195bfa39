#!/usr/bin/env python3
"""Where the server's CPU per view goes, thread by thread, on SQLite and on PostgreSQL,
alternated in one run: a release game-server started here (on a PostgreSQL of its own, started
by deploy/deployment/postgres.sh in a temporary folder, for the PostgreSQL runs), game-load against it
(tic-tac-toe, 64 connections by default, 10 s; the Python `websockets` package, which
deploy/deployment/setup.sh --tests installs), and each thread's CPU from /proc/PID/task
(user and system) per delivered view, with how often it slept (voluntary context switches).
Threads are named as the kernel keeps them (15 characters); the busiest is the service thread
(libwebsockets, the store and its effects), NIO-… are postgres-nio's event loops, and the
others are the Swift runtime's (the SQLite writer, or the PostgreSQL writer's task).

Usage: python3 deploy/benchmarks/postgres-threads.py [CONNECTIONS] [RUNS]
"""
import collections
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "EndToEnd"))

from cluster_test import free_port  # noqa: E402
from harness import table_row  # noqa: E402
from postgres_test import postgres, start_postgres  # noqa: E402
TICKS = os.sysconf("SC_CLK_TCK")


def threads(pid):
    """Each thread's name, CPU ticks and voluntary context switches."""
    found = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            stat = open(f"/proc/{pid}/task/{tid}/stat").read()
            status = open(f"/proc/{pid}/task/{tid}/status").read()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        sleeps = next(int(line.split()[1]) for line in status.splitlines() if line.startswith("voluntary_ctxt_switches"))
        found[tid] = (stat[stat.index("(") + 1:stat.rindex(")")], int(fields[11]) + int(fields[12]), sleeps)
    return found


def run(connections, database):
    port = free_port()
    command = [f"{ROOT}/.build/release/game-server", "serve", "--port", str(port), "--data", tempfile.mkdtemp(),
               "--max-connections", str(connections + 100), "--max-messages-per-second", "10000",
               "--move-time-limit", "300"] + (["--database", database] if database else [])
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(2)
        before = threads(server.pid)
        output = subprocess.run(
            [f"{ROOT}/.build/release/game-load", "--port", str(port), "--server-pid", str(server.pid),
             "--connections", str(connections), "--seconds", "10"], capture_output=True, text=True, check=True).stdout
        after = threads(server.pid)
    finally:
        server.terminate()
        server.wait()
    cells = table_row(output)
    views = int(cells[2]) * 10
    rows = []
    for tid, (name, ticks, sleeps) in after.items():
        _, ticks_before, sleeps_before = before.get(tid, (name, 0, 0))
        if ticks > ticks_before:
            rows.append((name, (ticks - ticks_before) / TICKS * 1e6 / views, sleeps - sleeps_before))
    return int(cells[2]), sorted(rows, key=lambda row: -row[1])


def main():
    connections = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    for product in ("game-server", "game-load"):
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    folder, database = start_postgres()
    try:
        print("| run | storage | views/s | thread | CPU µs per view | sleeps | views per sleep |")
        print("|--:|---|--:|---|--:|--:|--:|")
        for number in range(1, runs + 1):
            for storage, where in (("SQLite", None), ("PostgreSQL", database)):
                rate, rows = run(connections, where)
                print(f"| {number} | {storage} | {rate} | all | {sum(row[1] for row in rows):.1f} | | |")
                for name, per_view, sleeps in rows:
                    if per_view >= 0.5:
                        print(f"| | | | {name} | {per_view:.1f} | {sleeps} | {rate * 10 / max(1, sleeps):.0f} |", flush=True)
    finally:
        postgres(folder, "stop")


if __name__ == "__main__":
    main()
