#!/usr/bin/env python3
"""The server on SQLite beside the server on PostgreSQL, alternated in one run: game-load
(release build, tic-tac-toe, 64 connections by default, 10 s each) against one node on each and
against two nodes of a cluster on PostgreSQL (`--nodes 2`: the connections spread over both, the
rooms on both, players following `moved`; server CPU is both nodes'), three times, with PostgreSQL's own CPU per view (the postmaster and its backends, from /proc)
and its commits per move (pg_stat_database.xact_commit). PostgreSQL runs with its defaults
(fsync and synchronous_commit on), started by deploy/deployment/postgres.sh in a temporary folder.

Usage: python3 deploy/benchmarks/postgres-benchmark.py [CONNECTIONS] [RUNS]
"""
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "Tests", "EndToEnd"))

from harness import table_row  # noqa: E402
from postgres_test import postgres, start_postgres  # noqa: E402

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid, children=False):
    """User and system CPU seconds of a process (with `children`, also of its children that
    have exited: a server's backends end with its connections)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return sum(int(field) for field in fields[11:15 if children else 13]) / TICKS


def postgres_cpu(folder):
    """CPU seconds of the postmaster and its children, those gone included, so far."""
    postmaster = int(open(f"{folder}/pg/data/postmaster.pid").readline())
    total = cpu_seconds(postmaster, children=True)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
                if int(stat[1]) == postmaster:
                    total += cpu_seconds(entry)
            except (OSError, IndexError):
                pass
    return total


def commits(address):
    result = subprocess.run(
        ["psql", address, "-Atc", "SELECT xact_commit FROM pg_stat_database WHERE datname = 'games'"],
        capture_output=True, text=True, check=True)
    return int(result.stdout.strip())


def load(connections, database=None, nodes=1):
    command = [f"{ROOT}/.build/release/game-load", "--connections", str(connections), "--seconds", "10"]
    if database:
        command += ["--database", database, "--nodes", str(nodes)]
    cells = table_row(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    return {"moves": int(cells[1]) * 10, "views/s": int(cells[2]), "p50": float(cells[3]), "p99": float(cells[4]),
            "cpu": float(cells[5])}


def main():
    connections = int(sys.argv[1]) if len(sys.argv) > 1 else 64
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    for product in ("game-server", "game-load"):
        subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    folder, database = start_postgres()
    results = {"SQLite": [], "PostgreSQL": [], "PostgreSQL, 2 nodes": []}
    try:
        print(f"| run | storage | views/s | p50 ms | p99 ms | server CPU µs per view | PostgreSQL CPU µs per view | commits per move |")
        print("|--:|---|--:|--:|--:|--:|--:|--:|")
        for run in range(1, runs + 1):
            for storage in results:
                before = (postgres_cpu(folder), commits(database))
                result = load(connections, database if storage != "SQLite" else None, 2 if "2 nodes" in storage else 1)
                time.sleep(1.5)  # NB: PostgreSQL publishes its counters a moment after a commit.
                after = (postgres_cpu(folder), commits(database))
                views = result["views/s"] * 10
                result["pg"] = (after[0] - before[0]) * 1e6 / max(1, views)
                result["commits"] = (after[1] - before[1]) / max(1, result["moves"])
                results[storage].append(result)
                pg = f"{result['pg']:.1f}" if storage != "SQLite" else ""
                per_move = f"{result['commits']:.2f}" if storage != "SQLite" else ""
                print(f"| {run} | {storage} | {result['views/s']} | {result['p50']:.2f} | {result['p99']:.2f} "
                      f"| {result['cpu']:.1f} | {pg} | {per_move} |", flush=True)
        on_sqlite = statistics.median(r["cpu"] for r in results["SQLite"])
        on_postgres = statistics.median(r["cpu"] for r in results["PostgreSQL"])
        print(f"\nMedians: server CPU per view {on_sqlite:.1f} µs on SQLite, {on_postgres:.1f} µs on PostgreSQL "
              f"({(on_postgres / on_sqlite - 1) * 100:+.0f}%; target within +15%); PostgreSQL's own "
              f"{statistics.median(r['pg'] for r in results['PostgreSQL']):.1f} µs per view, "
              f"{statistics.median(r['commits'] for r in results['PostgreSQL']):.2f} commits per move; "
              f"2 nodes: {statistics.median(r['cpu'] for r in results['PostgreSQL, 2 nodes']):.1f} µs per view "
              f"(both nodes), PostgreSQL's own {statistics.median(r['pg'] for r in results['PostgreSQL, 2 nodes']):.1f}.")
    finally:
        postgres(folder, "stop")


if __name__ == "__main__":
    main()
