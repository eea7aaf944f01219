#!/usr/bin/env bash
# make bench: generates inputs into ${BENCH_DIR:-${TMPDIR:-/tmp}/rtcstats-bench} (never in the
# repository) and compares the release binary with python and node. BENCH_LARGE=1 adds the
# 500 MB inputs; BENCH_RUNS sets the runs per measurement (default 5).
set -euo pipefail
binary=${1:?usage: run.sh RELEASE_BINARY}
dir=${BENCH_DIR:-${TMPDIR:-/tmp}/rtcstats-bench}
extra=()
[ "${BENCH_LARGE:-0}" = 1 ] && extra+=(--large)
exec python3 "$(dirname "$0")/bench.py" "$binary" "$dir" --runs "${BENCH_RUNS:-5}" "${extra[@]}"
