#!/usr/bin/env bash
# Golden outputs: `Tests/golden.sh BINARY update` rewrites Samples/golden/* from BINARY;
# `Tests/golden.sh BINARY` diffs. The Swift test GoldenTests runs the same cases in-process.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$1; mode=${2:-check}; status=0
while IFS='|' read -r name args; do
  name=$(echo "$name" | xargs); [[ -z "$name" || "$name" == \#* ]] && continue
  # shellcheck disable=SC2086
  output=$("$binary" $args 2>/dev/null || true)
  if [[ "$mode" == update ]]; then
    printf '%s\n' "$output" > "Samples/golden/$name"
  elif ! diff -u "Samples/golden/$name" <(printf '%s\n' "$output"); then
    status=1
  fi
done < Samples/golden/cases.txt
exit $status
