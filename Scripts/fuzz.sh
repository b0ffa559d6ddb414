#!/usr/bin/env bash
# Fuzzes ebtokens for SECONDS (default 60): arbitrary bytes through the reader, parser, resolver,
# every emitter with built-in templates or one the input brings, the audit and the config loader
# (Sources/ebtokens-fuzz/FuzzTarget.swift).
#
#   Scripts/fuzz.sh 600            # ten minutes on one core
#   JOBS=2 Scripts/fuzz.sh 600     # two fuzzing processes sharing the corpus
#   FUZZ_ARGS=-use_value_profile=1 Scripts/fuzz.sh 600
#
# Builds with libFuzzer and AddressSanitizer into .build-fuzz, seeds the corpus from every token,
# config and bad-input-corpus file in the repository, and keeps the corpus that grows in
# .build-fuzz/corpus between runs. A crash, a hang (over 10 s for one input), a sanitizer report
# or running out of memory stops the run and exits non-zero, the input saved in
# .build-fuzz/findings/. Reproduce one without the sanitizer build:
#
#   swift run ebtokens-fuzz .build-fuzz/findings/crash-…
#
# then add it to Tests/EndToEndTests/Corpus/ once fixed.
set -euo pipefail

cd "$(dirname "$0")/.."
seconds=${1:-60}
jobs=${JOBS:-1}
scratch=.build-fuzz
build=$scratch/build
corpus=$scratch/corpus
seeds=$scratch/seeds
findings=$scratch/findings

# Always from a clean build folder. SwiftPM gives `-sanitize=fuzzer` to the fuzz target's own
# module only, and on this toolchain that does not reliably instrument even it: the coverage the
# fuzzer steers by is asked for explicitly, for every module.
echo "building the fuzz target (libFuzzer + AddressSanitizer) into $build"
rm -rf "$build"
flags=(
  --scratch-path "$build" --sanitize=fuzzer --sanitize=address -Xswiftc -DFUZZING
  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table --product ebtokens-fuzz
)
mkdir -p "$scratch"
if ! swift build "${flags[@]}" >"$scratch/build.log" 2>&1; then
  grep -v 'warning: Cannot export local symbol' "$scratch/build.log" >&2
  echo "error: the fuzz target did not build" >&2
  exit 1
fi
tail -n 1 "$scratch/build.log"
binary=$(swift build "${flags[@]}" --show-bin-path)/ebtokens-fuzz

# Seeds: every token file of the repository (the shipped tokens, the fixtures, the bad-input
# corpus), and every config after a token file and the marker the target splits inputs at, so
# the fuzzer starts from inputs that reach every stage.
rm -rf "$seeds"
mkdir -p "$seeds" "$corpus" "$findings"
marker=$'\n#%config\n'
count=0
while IFS= read -r -d '' file; do
  count=$((count + 1))
  cp "$file" "$seeds/token-$count"
done < <(find tokens Tests -type f \( -name '*.yaml' -o -name '*.yml' \) ! -name 'ebtokens.yml' \
  -size -16k -print0 | LC_ALL=C sort -z)
configs=0
while IFS= read -r -d '' config; do
  configs=$((configs + 1))
  { cat Tests/EBTokensTests/Fixtures/emitting/tokens/color.yaml; printf '%s' "$marker"; cat "$config"; } \
    >"$seeds/config-$configs"
done < <(find . -path ./.build -prune -o -path "./$scratch" -prune -o -type f -name 'ebtokens.yml' \
  -size -16k -print0 | LC_ALL=C sort -z)
# Every built-in template, after a token file and the template marker with its name, so the
# fuzzer mutates templates too (FuzzInput in Sources/ebtokens-fuzz/FuzzTarget.swift).
templates=0
while IFS= read -r -d '' template; do
  templates=$((templates + 1))
  { cat Tests/EBTokensTests/Fixtures/emitting/tokens/color.yaml; printf '\n#%%template\n%s\n' "${template#templates/}"
    cat "$template"; } >"$seeds/template-$templates"
done < <(find templates -type f -name '*.mustache' -size -8k -print0 | LC_ALL=C sort -z)
echo "seeds: $count token files, $configs configs, $templates templates"

args=("$corpus" "$seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=8192
  -dict=Scripts/fuzz.dict -artifact_prefix="$findings/" -print_final_stats=1)
# More libFuzzer flags, such as FUZZ_ARGS=-use_value_profile=1.
if [ -n "${FUZZ_ARGS:-}" ]; then read -r -a extra <<<"$FUZZ_ARGS" && args+=("${extra[@]}"); fi
# -jobs runs each job in a child process that logs to fuzz-N.log.
if [ "$jobs" -gt 1 ]; then args+=(-jobs="$jobs" -workers="$jobs"); fi
log=$scratch/last-run.log
# The fully instrumented target has about 15,700 counters (the EBTokens modules 13,500, Mustache 2,000;
# some builds report each twice). A build without `-sanitize-coverage` has none, and libFuzzer
# then fuzzes blind without a word, so the count is checked.
probe=$("$binary" -runs=0 2>&1 || true)
counters=$(sed -n 's/^INFO: Loaded 1 modules *(\([0-9]*\) inline 8-bit counters).*/\1/p' <<<"$probe")
if [ -z "$counters" ] || [ "$counters" -lt 10000 ]; then
  echo "error: $binary has ${counters:-no} coverage counters; expected over 10,000 (is every module instrumented?)" >&2
  exit 1
fi
set +e
"$binary" "${args[@]}" >"$log" 2>&1
status=$?
set -e
for worker in fuzz-*.log; do
  [ -e "$worker" ] || continue
  cat "$worker" >>"$log"
  rm "$worker"
done
# The summary: modules instrumented, corpus loaded, the last progress lines, final stats, and any finding.
grep -E '^INFO: (Loaded|seed corpus)|^#[0-9]+[[:space:]]+(INITED|DONE)|stat::|ERROR|SUMMARY|Test unit written|^Done' "$log" |
  tail -n 40 || true
grep -E '^#[0-9]+[[:space:]]+(pulse|NEW|REDUCE)' "$log" | tail -n 1 || true
if ls "$findings"/* >/dev/null 2>&1; then
  echo "findings in $findings:" >&2
  ls -l "$findings" >&2
fi
echo "full log: $log"
exit "$status"
