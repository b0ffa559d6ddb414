#!/usr/bin/env bash
# Packs the release binary of `ebtokens` as a SwiftPM artifact bundle, and a plugin package that
# uses it: what an app adds when it should not build ebtokens from source (docs/swiftpm-plugins.md).
#
#   Scripts/artifact-bundle.sh [--binary PATH] [--output DIR] [VERSION]
#
# VERSION defaults to `git describe --tags --always`. --binary packs that `ebtokens` instead of
# building the release binary (the tests pack the one they built). Writes into DIR (default
# .build/artifact-bundle):
#   ebtokens.artifactbundle/       info.json and the binary for this machine's triple
#   ebtokens.artifactbundle.zip    what a release publishes; its checksum is printed
#   ebtokens-plugin/               a package with the bundle as its `ebtokens` binary target and
#                                  the two plugins (the same sources as Plugins/)
#
# On Linux the binary links the Swift runtime in (--static-swift-stdlib), so it runs where no
# Swift is installed; it needs libyaml and jemalloc. On macOS it is one universal binary,
# `--arch arm64 --arch x86_64`, for both macOS triples.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=""
out=.build/artifact-bundle
while (($#)); do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --output) out="$2"; shift 2 ;;
    *) break ;;
  esac
done
version="${1:-$(git describe --tags --always)}"
bundle="$out/ebtokens.artifactbundle"
variant="ebtokens-$version"

case "$(uname -s)" in
  Linux)
    if [ -z "$binary" ]; then
      swift build -c release --static-swift-stdlib --product ebtokens
      binary="$(swift build -c release --static-swift-stdlib --show-bin-path)/ebtokens"
    fi
    triples="\"$(uname -m)-unknown-linux-gnu\""
    variant="$variant-linux-$(uname -m)"
    ;;
  Darwin)
    if [ -z "$binary" ]; then
      swift build -c release --arch arm64 --arch x86_64 --product ebtokens
      binary="$(swift build -c release --arch arm64 --arch x86_64 --show-bin-path)/ebtokens"
    fi
    triples='"arm64-apple-macosx", "x86_64-apple-macosx"'
    variant="$variant-macos"
    ;;
  *)
    echo "artifact-bundle.sh: no artifact bundle for $(uname -s)" >&2
    exit 64
    ;;
esac

plugin="$out/ebtokens-plugin"
rm -rf "$bundle" "$bundle.zip" "$plugin"
mkdir -p "$bundle/$variant/bin"
cp "$binary" "$bundle/$variant/bin/ebtokens"
cat >"$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "ebtokens": {
      "type": "executable",
      "version": "$version",
      "variants": [
        {
          "path": "$variant/bin/ebtokens",
          "supportedTriples": [$triples]
        }
      ]
    }
  }
}
JSON

# The zip holds the bundle folder itself, as SwiftPM expects of a remote binary target; the
# files' times are fixed, so the same binary gives the same checksum.
find "$bundle" -exec touch -h -d @0 {} +
(cd "$out" && zip -q -X -r ebtokens.artifactbundle.zip ebtokens.artifactbundle)

mkdir -p "$plugin"
cp -R Plugins "$plugin/Plugins"
cp -R "$bundle" "$plugin/ebtokens.artifactbundle"
# The manifest declares the plugins as Package.swift does, on the bundle.
between() { sed -n "/$1/,/$2/p" Package.swift; }
{
  cat <<'SWIFT'
// swift-tools-version:6.0
// Made by Scripts/artifact-bundle.sh: the ebtokens plugins on a prebuilt binary. To publish it,
// replace the path with the zip's URL and checksum:
// .binaryTarget(name: "ebtokens", url: "https://…/ebtokens.artifactbundle.zip", checksum: "…")
import PackageDescription

let package = Package(
  name: "ebtokens-plugin",
  products: [
SWIFT
  between "The plugins' products" "End of the plugins' products"
  printf '  ],\n  targets: [\n    .binaryTarget(name: "ebtokens", path: "ebtokens.artifactbundle"),\n'
  between "The plugins' targets" "End of the plugins' targets"
  printf '  ]\n)\n'
} >"$plugin/Package.swift"

echo "$bundle"
echo "$out/ebtokens.artifactbundle.zip"
echo "$plugin"
echo "checksum: $(swift package compute-checksum "$out/ebtokens.artifactbundle.zip")"
