#!/usr/bin/env bash
# Fuzzes one target for a while: Tests/Fuzz/run.sh TARGET SECONDS [libFuzzer flags...]
#
#   Tests/Fuzz/run.sh json 600
#   Tests/Fuzz/run.sh dump 600 -use_value_profile=1
#
# Builds <build>/fuzz-TARGET when it is missing or older than Sources/ or Tests/Fuzz/ (see
# build.sh), writes fresh seeds cut from ../shared into <build>/seeds-TARGET (seed.py),
# and runs libFuzzer with one job, a 10 s per-input timeout (60 s for stream, 120 s for parallel) and a 2 GB RSS limit. The
# growing corpus stays in <build>/corpus-TARGET between runs; crashers, timeouts and OOMs
# land in <build>/artifacts-TARGET/ (keep each one in
# Tests/RTCStatsFormatsTests/Fixtures/fuzz-regressions/ once fixed). The exit status is
# non-zero when libFuzzer found something.
#
# Environment: FUZZ_BUILD_DIR (default .build/fuzz), FUZZ_MAX_LEN (default 16384; 4096 for
# the stream and parallel targets, which repeat their input; 256 for number), plus those of
# build.sh.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 TARGET SECONDS [libFuzzer flags...]" >&2
  exit 64
fi
target=$1
seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${FUZZ_BUILD_DIR:-$root/.build/fuzz}
export FUZZ_BUILD_DIR=$out
binary=$out/fuzz-$target
[ -f "$here/$target.swift" ] || { echo "no fuzz target $here/$target.swift" >&2; exit 64; }

if [ ! -x "$binary" ] || [ -n "$(find "$root/Sources" "$here" -name '*.swift' -newer "$binary" -print -quit)" ]; then
  "$here/build.sh" "$target" >/dev/null
fi

seeds=$out/seeds-$target
corpus=$out/corpus-$target
artifacts=$out/artifacts-$target
work=$out/work-$target
rm -rf "$seeds"
mkdir -p "$seeds" "$corpus" "$artifacts" "$work"
python3 "$here/seed.py" "$target" "$seeds" --dict "$out/$target.dict"

# Let libFuzzer handle crashes (the Swift runtime's backtracer would take over the signal,
# print instead, and leave no artifact). Freed blocks of 3 MB or more (the 4 MB stream
# window) skip ASan's quarantine: unmapped at once, a use after free still faults, and the
# target runs about 5× faster. Leak detection is off (-detect_leaks=0 and ASan's
# detect_leaks=0 for the check at exit): LeakSanitizer reports the once-initialised globals of
# RTCStatsCore (the metric descriptors, the summary plan) as leaks at the first input and
# stops the run before it starts; memory growth is bounded by -rss_limit_mb instead.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=3:detect_leaks=0}

# Per-input timeout: the parallel target analyses two 4.5 MB streams per input (about 6 s
# of CPU under ASan on the 2-core VM, 20 s and more when the machine is loaded), and the
# stream target two 68 KB streams of up to thousands of lines, whose analyses it prints in
# full (2–3 s under ASan, 14 s seen when a build ran beside it), so 10 s would report load
# as a hang. A real hang still runs into these bounds.
timeout=10
[ "$target" = stream ] && timeout=60
[ "$target" = parallel ] && timeout=120

case $target in
  number) max_len=${FUZZ_MAX_LEN:-256} ;;
  stream | parallel) max_len=${FUZZ_MAX_LEN:-4096} ;;
  *) max_len=${FUZZ_MAX_LEN:-16384} ;;
esac

# Findings are crashes, timeouts, out-of-memory and leaks; libFuzzer's `slow-unit-*` files
# (an input slower than -report_slow_units, reported at the timeout here) are not.
findings() { ls "$artifacts" | { grep -E '^(crash|timeout|oom|leak)-' || true; } | wc -l; }
before=$(findings)
cd "$work"
rm -f fuzz-0.log
status=0
echo "fuzzing $target for $seconds s (log: $work/fuzz-0.log)" >&2
"$binary" -jobs=1 -workers=1 -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 \
  -max_len="$max_len" -dict="$out/$target.dict" -artifact_prefix="$artifacts/" \
  -print_final_stats=1 -detect_leaks=0 -report_slow_units="$timeout" "$@" "$corpus" "$seeds" >"$work/run.log" 2>&1 || status=$?
# With -jobs, libFuzzer writes the job's output to fuzz-0.log: show the start, the end,
# the statistics and any report.
log=fuzz-0.log
[ -f "$log" ] || log=run.log
grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::|^Done ' "$log" | awk '!seen[$0]++' >&2 || true
if grep -qE '^==[0-9]+==ERROR|^SUMMARY|Fatal error|fuzz check failed|Test unit written' "$log"; then
  sed -n '/^==[0-9]*==ERROR\|Fatal error\|fuzz check failed\|deadly signal\|ALARM\|out-of-memory/,$p' "$log" | head -60 >&2
fi
after=$(findings)
if [ "$after" -gt "$before" ]; then
  echo "new findings in $artifacts:" >&2
  ls -t "$artifacts" | { grep -E '^(crash|timeout|oom|leak)-' || true; } | head -n $((after - before)) >&2
  exit 1
fi
exit "$status"
