#!/usr/bin/env bash
# Builds the request fuzzer (libFuzzer: -sanitize=fuzzer, in a scratch path of its own,
# .build-fuzz) and runs it for a bounded time over a copy of the committed seed corpus
# (Tests/Fuzz/RequestCorpus). A crash leaves its input in .build-fuzz/ and fails the script.
# Usage: deploy/checks/fuzz.sh [seconds, default 60]
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-60}"
# NB: The toolchain's libFuzzer runtime without its main (the fuzzer drives it).
runtime="$(find "$(dirname "$(readlink -f "$(command -v swiftc)")")/../lib/clang" \
  -name 'libclang_rt.fuzzer_no_main-*.a' | head -n 1)"
[[ -n "$runtime" ]] || { echo "No libFuzzer runtime in this Swift toolchain" >&2; exit 1; }
GAME_SERVER_FUZZ=1 GAME_SERVER_FUZZ_RUNTIME="$runtime" \
  swift build --scratch-path .build-fuzz --product request-fuzzer
corpus="$(mktemp -d)"
trap 'rm -rf "$corpus"' EXIT
cp Tests/Fuzz/RequestCorpus/* "$corpus"/
.build-fuzz/debug/request-fuzzer -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 \
  -print_final_stats=1 -artifact_prefix=.build-fuzz/ "$corpus"
