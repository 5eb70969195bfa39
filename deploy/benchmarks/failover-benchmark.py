#!/usr/bin/env python3
"""How long a room is out of service when its node dies: two nodes of a cluster (lease 5 s by
default) on a PostgreSQL of their own; two players on the first play two moves; SIGKILL of the
first; the players reconnect to the second and resume, following `moved`; the time from the
kill to both holding the room's view again. RUNS times (10 by default), each with new nodes;
prints every time, the median and the maximum beside the bound (the lease plus 2 s).

Usage: python3 deploy/benchmarks/failover-benchmark.py PATH_TO_GAME_SERVER [RUNS] [LEASE_SECONDS]
"""
import asyncio
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "EndToEnd"))

from cluster_test import Node, failover  # noqa: E402
from postgres_test import postgres, start_postgres  # noqa: E402


def main():
    server = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    lease = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    folder, database = start_postgres()
    times = []
    try:
        for _ in range(runs):
            nodes = [Node(server, database, lease), Node(server, database, lease)]
            try:
                times.append(asyncio.run(failover(nodes[0], nodes[1], lease)))
            finally:
                for node in nodes:
                    node.kill()
    finally:
        postgres(folder, "stop")
    print(f"\nfailover over {runs} runs, lease {lease} s: median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s (bound: the lease plus 2 s = {lease + 2} s)")


if __name__ == "__main__":
    main()
