#!/usr/bin/env bash
# Golden command-line cases, one folder each (see Tests/CLI/README.md).
#   Tests/CLI/run.sh BINARY          diffs every case against its expected files
#   Tests/CLI/run.sh BINARY update   rewrites the expected files from BINARY (review the diff)
# The Swift test CLICaseTests runs the same cases against the debug build.
set -uo pipefail
cd "$(dirname "$0")/../.."
binary=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); mode=${2:-check}; failed=0; count=0
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
for folder in Tests/CLI/*/; do
  case=${folder%/}; [[ -f "$case/args" ]] || continue
  count=$((count + 1))
  mapfile -t args < "$case/args"
  environment=(PATH=/usr/bin:/bin)
  [[ -f "$case/env" ]] && mapfile -t -O 1 environment < "$case/env"
  input=/dev/null; [[ -f "$case/stdin" ]] && input="$case/stdin"
  env -i "${environment[@]}" "$binary" "${args[@]}" < "$input" > "$scratch/stdout" 2> "$scratch/stderr"
  echo $? > "$scratch/status"
  if [[ "$mode" == update ]]; then
    for part in stdout stderr status; do cp "$scratch/$part" "$case/expected.$part"; done
    continue
  fi
  for part in stdout stderr status; do
    if ! diff -u --label "$case/expected.$part" --label "actual $part" "$case/expected.$part" "$scratch/$part"; then
      failed=$((failed + 1)); break
    fi
  done
done
[[ "$mode" == update ]] && { echo "updated $count cases"; exit 0; }
echo "$((count - failed)) passed, $failed failed"
[[ $failed -eq 0 ]]
