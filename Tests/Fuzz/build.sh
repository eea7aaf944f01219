#!/usr/bin/env bash
# Builds the libFuzzer targets in this directory (Linux; Swift 6 toolchain with libFuzzer).
#
#   Tests/Fuzz/build.sh            # every target: <build>/fuzz-json, <build>/fuzz-dump, ...
#   Tests/Fuzz/build.sh dump       # one target
#
# Each target is Tests/Fuzz/<name>.swift, a file with @_cdecl("LLVMFuzzerTestOneInput"),
# linked against RTCStatsCore and RTCStatsFormats compiled from Sources/ with the same
# sanitizers (coverage instrumentation included). Not a SwiftPM target on purpose: SwiftPM
# cannot build a libFuzzer binary, and `swift build` must not need libFuzzer.
#
# Environment:
#   FUZZ_BUILD_DIR   output directory (default: .build/fuzz in the package root)
#   FUZZ_SANITIZERS  swiftc -sanitize= list (default: fuzzer,address)
#   FUZZ_OPT         optimisation flag (default: -O; -Onone also checks unsafelyUnwrapped)
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
out=${FUZZ_BUILD_DIR:-$root/.build/fuzz}
sanitizers=${FUZZ_SANITIZERS:-fuzzer,address}
opt=${FUZZ_OPT:--O}
swiftc=${SWIFTC:-swiftc}
mkdir -p "$out/modules"

common=(
  -swift-version 6
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature InternalImportsByDefault
  "$opt" -g
  -sanitize="$sanitizers"
  -parse-as-library
  -package-name rtcstats
)

# Builds one library module from every .swift file under Sources/<module>.
build_module() {
  local module=$1
  shift
  local sources=()
  while IFS= read -r -d '' file; do sources+=("$file"); done \
    < <(find "$root/Sources/$module" -name '*.swift' -print0 | sort -z)
  echo "building $module (${#sources[@]} files)" >&2
  "$swiftc" "${common[@]}" -wmo -c -enable-testing \
    -module-name "$module" \
    -emit-module-path "$out/modules/$module.swiftmodule" \
    -I "$out/modules" -I "$root/Sources/CZlib" -I "$root/Sources/CMalloc" \
    "$@" "${sources[@]}" -o "$out/modules/$module.o"
}

build_module RTCStatsCore
build_module RTCStatsFormats

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for file in "$(dirname "$0")"/*.swift; do
    name=$(basename "$file" .swift)
    targets+=("$name")
  done
fi
for target in "${targets[@]}"; do
  source="$root/Tests/Fuzz/$target.swift"
  [ -f "$source" ] || { echo "no fuzz target $source" >&2; exit 64; }
  echo "linking fuzz-$target" >&2
  "$swiftc" "${common[@]}" -use-ld=lld \
    -I "$out/modules" -I "$root/Sources/CZlib" -I "$root/Sources/CMalloc" \
    "$source" "$out/modules/RTCStatsCore.o" "$out/modules/RTCStatsFormats.o" \
    -lz -o "$out/fuzz-$target"
done
echo "$out"
