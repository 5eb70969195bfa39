#!/usr/bin/env python3
"""Server CPU per view against the kernel's floor, measured in one run.

Alternates `game-load` (tic-tac-toe bots on websockets against `game-server`) and
`game-load --relay-floor` (a bare poll relay: the kernel's loopback send, receive and poll per
delivered message, nothing else), ROUNDS pairs, and prints each pair, the medians and their
ratio. Absolute figures move between machines and through the day; the ratio, taken from
pairs measured minutes apart, is what to compare.

Usage: deploy/benchmarks/floor-ratio.py [--connections N] [--rounds R] [--seconds S] [--load PATH] [--server PATH ...]
  --load    the game-load binary (default .build/release/game-load)
  --server  a game-server binary to measure; give two or more to compare builds in the same
            run (each round measures every one of them, then the floor)
"""
import argparse
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "EndToEnd"))

from harness import table_row  # noqa: E402


def run(command):
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--load", default=os.path.join(ROOT, ".build/release/game-load"))
    parser.add_argument("--server", action="append")
    options = parser.parse_args()
    servers = options.server or [os.path.join(ROOT, ".build/release/game-server")]
    per_view = {server: [] for server in servers}
    views = {server: [] for server in servers}
    floor = []
    common = ["--connections", str(options.connections)]
    for round in range(options.rounds):
        for server in servers:
            cells = table_row(run([options.load, *common, "--seconds", str(options.seconds), "--server", server]))
            views[server].append(float(cells[2]))
            per_view[server].append(float(cells[5]))
        cells = table_row(run([options.load, *common, "--seconds", str(max(3, options.seconds / 2)), "--relay-floor"]))
        floor.append(float(cells[2]))
        shown = ", ".join(f"{per_view[s][-1]:.1f}" for s in servers)
        print(f"round {round + 1}: server µs per view {shown}; floor µs per delivery {floor[-1]:.1f}", flush=True)
    floor_median = statistics.median(floor)
    print()
    print(f"tic-tac-toe, {options.connections} connections, {options.rounds} alternated rounds (medians, with the range):")
    print()
    print("| server | views/s | server CPU µs per view | floor µs per delivery | × floor |")
    print("|---|--:|--:|--:|--:|")
    for server in servers:
        median = statistics.median(per_view[server])
        name = os.path.relpath(server, ROOT) if server.startswith(ROOT) else server
        print(
            f"| {name} | {statistics.median(views[server]):,.0f} | {median:.1f} ({min(per_view[server]):.1f} to "
            f"{max(per_view[server]):.1f}) | {floor_median:.1f} ({min(floor):.1f} to {max(floor):.1f}) | "
            f"{median / floor_median:.2f}× |"
        )


if __name__ == "__main__":
    main()
