#!/usr/bin/env bash
# Compares two builds of tca-benchmark in the same minutes: ROUNDS rounds (default 3), each
# running the old binary then the new one on each case, and prints the median of each case's
# ns/action for both, with their ratio, as a Markdown table.
# Usage: deploy/tca/benchmark-compare.sh OLD_BINARY NEW_BINARY [ROUNDS] [KEYS]
#   OLD_BINARY, NEW_BINARY: .build/release/tca-benchmark of two checkouts
#     (`swift build -c release --product tca-benchmark` in each)
#   KEYS: the `--only` keys to run (default: "root nested scoped ifLet forEach1000 testStore")
set -euo pipefail
old="$1"
new="$2"
rounds="${3:-3}"
keys="${4:-root nested scoped ifLet forEach1000 testStore}"
results="$(mktemp)"
trap 'rm -f "$results"' EXIT
for round in $(seq "$rounds"); do
  for which in old new; do
    binary="$old"
    [ "$which" = new ] && binary="$new"
    for key in $keys; do
      "$binary" --only "$key" | grep '^measured' | sed "s/^/$which	/" >> "$results"
    done
  done
done
python3 - "$results" <<'PYTHON'
import collections, re, statistics, sys
times = collections.defaultdict(list)
for line in open(sys.argv[1]):
    match = re.match(r"(old|new)\tmeasured (.*?): ([\d.]+) ns/action", line)
    if match:
        times[(match.group(2), match.group(1))].append(float(match.group(3)))
print("| case | old ns | new ns | new / old |")
print("|---|--:|--:|--:|")
for name in dict.fromkeys(name for name, _ in times):
    old, new = statistics.median(times[(name, "old")]), statistics.median(times[(name, "new")])
    print(f"| {name} | {old:g} | {new:g} | {new / old:.2f}× |")
PYTHON
