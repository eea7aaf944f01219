#!/usr/bin/env bash
# make bench: generates inputs into ${BENCH_DIR:-${TMPDIR:-/tmp}/rtcstats-bench} (never in the
# repository) and compares the release binary with simdjson's full walk of each file (built
# here; Debian libsimdjson-dev), python and node. BENCH_LARGE=1 adds the 500 MB inputs,
# BENCH_HUGE=1 the 5 GB JSON-lines log; BENCH_RUNS sets the runs per measurement (default 5);
# BENCH_BASELINE=BINARY adds the ratio to another rtcstats build, run alternately with this one.
set -euo pipefail
binary=${1:?usage: run.sh RELEASE_BINARY}
dir=${BENCH_DIR:-${TMPDIR:-/tmp}/rtcstats-bench}
extra=()
[ "${BENCH_LARGE:-0}" = 1 ] && extra+=(--large)
[ "${BENCH_HUGE:-0}" = 1 ] && extra+=(--large --huge)
[ -n "${BENCH_BASELINE:-}" ] && extra+=(--baseline "$BENCH_BASELINE")
exec python3 "$(dirname "$0")/bench.py" "$binary" "$dir" --runs "${BENCH_RUNS:-5}" "${extra[@]}"
