#!/usr/bin/env bash
# Issue 6: builds ebtokens and ebtokens-bench in release mode, then measures ebtokens on
# generated token trees and prints the table and a PASS/FAIL line per target.
#
#   Scripts/bench.sh                      # 1,000, 10,000 and 100,000 tokens
#   Scripts/bench.sh --counts 1000,10000  # any `ebtokens-bench run` options
#
# BENCH_SCRATCH_PATH overrides the build folder (default .build-bench-release). Exit codes are
# `ebtokens-bench run`'s: 0 every target passes, 1 one fails, 64 usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${BENCH_SCRATCH_PATH:-.build-bench-release}"
# The release binary as it is shipped: on Linux with the Swift runtime linked in statically, which
# needs no Swift installed where it runs and starts about 5 ms sooner (README, "A release binary").
flags=(-c release --scratch-path "$scratch")
if [ "$(uname -s)" = Linux ]; then flags+=(--static-swift-stdlib); fi
# One product per invocation: given two --product options, swift build builds only the last.
for product in ebtokens ebtokens-bench; do
  swift build "${flags[@]}" --product "$product" >&2
done
bin="$(swift build "${flags[@]}" --show-bin-path)"
exec "$bin/ebtokens-bench" run --ebtokens "$bin/ebtokens" "$@"
