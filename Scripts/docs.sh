#!/usr/bin/env bash
# Builds the library's DocC documentation: the umbrella module EBTokens (its catalog,
# Sources/EBTokens/EBTokens.docc: the landing page and the article on using the library) and each
# stage's module, in one combined archive, .build/plugins/Swift-DocC/outputs/ebtokens.doccarchive.
#
#   Scripts/docs.sh                         # CI runs it so: any DocC warning fails
#   Scripts/docs.sh --transform-for-static-hosting --hosting-base-path ebtokens --output-path site
#
# Every stage is its own target, and `@_exported import` does not bring a module's symbols into
# another's symbol graph, so the umbrella alone would document no symbol: the stages are built
# together with swift-docc-plugin's combined documentation, in dependency order, each linking to
# the ones below it. A link to another module's symbol is written with a leading slash and the
# module's name (``/EBTokensBuild/Builder``); a module cannot link to one above or beside it.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=()
for folder in Sources/EBTokens*/; do
  name=$(basename "$folder")
  # The benchmark's token generator is not part of the library.
  [ "$name" = EBTokensBenchSupport ] && continue
  targets+=(--target "$name")
done

swift package --disable-sandbox generate-documentation --enable-experimental-combined-documentation \
  "${targets[@]}" --warnings-as-errors "$@"
