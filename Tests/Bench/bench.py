#!/usr/bin/env python3
"""Benchmarks the release rtcstats binary against simdjson's full walk of the same file.

The yardstick (issue 17) is simdjson On-Demand visiting every value of the file on one
thread (`simdjson_walk.cpp`, built here against Debian's libsimdjson-dev, installed with
apt-get when missing and root); for webrtc-internals it also parses every series string.
For each generated input these run alternately, RUNS rounds of each once, in the same
invocation; a ratio is the median over the rounds of the two commands' times in that round
(pairwise, as `farm-bench --vs`), MB/s the median time's:

  simdjson     simdjson_walk MODE FILE
  rtcstats     rtcstats analyze --format json FILE > /dev/null   (default: both cores)
  one core     RTCSTATS_SEQUENTIAL=1 rtcstats analyze --format json --jobs 1 FILE
  no-int       rtcstats analyze --format json --no-intervals FILE (peak RSS)
  baseline     BASELINE analyze --format json FILE, when --baseline BINARY is given
  python/node  parse only (json.loads / JSON.parse), secondary columns; not at 5 GB

Ratios are rtcstats ÷ simdjson (wall time: below 1 is faster than the walk). The 500 MB
row says how its time scales against the 50 MB one (10× the bytes). The folder line runs
1000 small files with --jobs 1 and --jobs 2; the per-file overhead is the --jobs 1 time
per file less the file's bytes at the one-core 50 MB JSON-lines speed.

Usage: bench.py BINARY DATA_DIR [--runs N] [--large] [--huge] [--baseline BINARY]
"""
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

PY_DOC = "import json,sys; json.load(open(sys.argv[1]))"
PY_LINES = "import json,sys\nfor line in open(sys.argv[1]):\n    line=line.strip()\n    if line.startswith(('[','{')): json.loads(line)"
NODE_DOC = "JSON.parse(require('fs').readFileSync(process.argv[1],'utf8'))"
NODE_LINES = ("const rl=require('readline').createInterface({input:require('fs').createReadStream(process.argv[1]),crlfDelay:Infinity});"
              "rl.on('line',l=>{l=l.trim(); if(l[0]=='['||l[0]=='{') JSON.parse(l)});")


def run(command, env=None):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"failed ({status}): {' '.join(command)}")
    return elapsed, usage.ru_maxrss / 1024.0


class Measured(dict):
    """name -> (median s, max RSS MB), and each round's times for pairwise ratios."""

    def __init__(self, medians, rounds):
        super().__init__(medians)
        self.rounds = rounds

    def ratio(self, name, anchor):
        """The median over the rounds of name's time ÷ anchor's time in the same round.

        Pairing keeps the ratio meaningful when the machine's speed drifts during the call
        (as farm-bench --vs does); the ratio of the two medians would mix rounds."""
        return statistics.median(a / b for a, b in zip(self.rounds[name], self.rounds[anchor]))


def measure(commands, runs):
    """Runs the commands alternately (one round runs each once, in order)."""
    times = {name: [] for name in commands}
    rss = {name: 0.0 for name in commands}
    for _ in range(runs):
        for name, (command, env) in commands.items():
            elapsed, peak = run(command, env)
            times[name].append(elapsed)
            rss[name] = max(rss[name], peak)
    return Measured({name: (statistics.median(values), rss[name]) for name, values in times.items()}, times)


def build_walker(out_dir):
    """Builds simdjson_walk (installing libsimdjson-dev when missing and root)."""
    header = "/usr/include/simdjson.h"
    if not os.path.exists(header) and os.geteuid() == 0 and shutil.which("apt-get"):
        subprocess.run(["apt-get", "install", "-y", "-q", "libsimdjson-dev"], check=False,
                       stdout=subprocess.DEVNULL)
    if not os.path.exists(header):
        raise SystemExit("bench: simdjson's header is missing: apt-get install libsimdjson-dev")
    source = os.path.join(HERE, "simdjson_walk.cpp")
    binary = os.path.join(out_dir, "simdjson_walk")
    if not os.path.exists(binary) or os.path.getmtime(binary) < os.path.getmtime(source):
        compiler = shutil.which("g++") or shutil.which("clang++")
        if not compiler:
            raise SystemExit("bench: no C++ compiler (apt-get install g++)")
        subprocess.run([compiler, "-O3", "-march=native", "-std=c++17", "-o", binary, source, "-lsimdjson"],
                       check=True)
    return binary


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    binary, data = os.path.abspath(args[0]), args[1]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 5
    baseline = os.path.abspath(args[args.index("--baseline") + 1]) if "--baseline" in args else None
    large, huge = "--large" in args, "--huge" in args
    flags = (["--large"] if large else []) + (["--huge"] if huge else [])
    subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), data] + flags, check=True)
    walker = build_walker(data)
    node = shutil.which("node")
    cases = [
        ("W3C JSON lines", "jsonl-50mb.jsonl", "lines", PY_LINES, NODE_LINES),
        ("JSON array log", "array-50mb.json", "doc", PY_DOC, NODE_DOC),
        ("webrtc-internals", "internals-50mb.json", "internals", PY_DOC, NODE_DOC),
        ("rtcstats dump", "rtcstats-50mb.txt", "lines", PY_LINES, NODE_LINES),
    ]
    if large:
        cases += [
            ("W3C JSON lines", "jsonl-500mb.jsonl", "lines", PY_LINES, NODE_LINES),
            ("rtcstats dump", "rtcstats-500mb.txt", "lines", PY_LINES, NODE_LINES),
        ]
    if huge:
        cases += [("W3C JSON lines", "jsonl-5gb.jsonl", "lines", None, None)]
    print(f"machine: {os.cpu_count()} CPUs, {platform()}; {runs} alternated runs each, median wall time")
    print("ratios: time ÷ simdjson walk's time (< 1: faster than the walk); MB/s and peak RSS in MB")
    header = (f"{'input':18} {'MB':>6}  {'simdjson':>16}  {'rtcstats':>16}  {'÷simd':>6}  {'one core':>16}  "
              f"{'÷simd':>6}  {'no-int RSS':>10}")
    header += f"  {'÷baseline':>9}" if baseline else ""
    header += f"  {'python ÷simd':>12}  {'node ÷simd':>10}  {'scale':>6}"
    print(header)
    seconds_at = {}
    for label, name, mode, python_code, node_code in cases:
        path = os.path.join(data, name)
        size = os.path.getsize(path) / 1e6
        sequential = dict(os.environ, RTCSTATS_SEQUENTIAL="1")
        commands = {
            "simdjson": ([walker, mode, path], None),
            "rtcstats": ([binary, "analyze", "--format", "json", path], None),
            "one core": ([binary, "analyze", "--format", "json", "--jobs", "1", path], sequential),
            "no-int": ([binary, "analyze", "--format", "json", "--no-intervals", path], None),
        }
        if baseline:
            commands["baseline"] = ([baseline, "analyze", "--format", "json", path], None)
        if python_code:
            commands["python"] = ([sys.executable, "-c", python_code, path], None)
        if node and node_code:
            commands["node"] = ([node, "-e", node_code, path], None)
        result = measure(commands, runs if size < 1000 else max(3, runs // 2))

        def cell(key):
            seconds, peak = result[key]
            return f"{size / seconds:5.0f} MB/s {peak:5.0f}"

        def ratio(key, width=6):
            return f"{result.ratio(key, 'simdjson'):{width}.2f}" if key in result else f"{'-':>{width}}"

        kind = name.split("-")[0]
        scale = "-"
        if kind in seconds_at:
            previous_size, previous_seconds = seconds_at[kind]
            scale = f"{(result['rtcstats'][0] / previous_seconds) / (size / previous_size) * 10:.1f}x"
        seconds_at[kind] = (size, result["rtcstats"][0])
        line = (f"{label:18} {size:6.0f}  {cell('simdjson')}  {cell('rtcstats')}  {ratio('rtcstats')}  "
                f"{cell('one core')}  {ratio('one core')}  {result['no-int'][1]:7.0f} MB")
        if baseline:
            line += f"  {result.ratio('rtcstats', 'baseline'):9.3f}"
        line += f"  {ratio('python', 12)}  {ratio('node', 10)}  {scale:>6}"
        print(line, flush=True)
        if name == "jsonl-50mb.jsonl":
            one_core_speed = size / result["one core"][0]
    folder = os.path.join(data, "folder-1000")
    names = os.listdir(folder)
    files = len(names)
    folder_mb = sum(os.path.getsize(os.path.join(folder, f)) for f in names) / 1e6
    result = measure({
        "jobs1": ([binary, "analyze", "--format", "ndjson", "--jobs", "1", folder], None),
        "jobs2": ([binary, "analyze", "--format", "ndjson", "--jobs", "2", folder], None),
    }, runs)
    one, two = result["jobs1"][0], result["jobs2"][0]
    speedup = 1 / result.ratio("jobs2", "jobs1")
    overhead = (one - folder_mb / one_core_speed) / files * 1000
    print(f"folder of {files} files ({folder_mb:.1f} MB): --jobs 1 {one:.3f} s ({one / files * 1000:.2f} ms/file), "
          f"--jobs 2 {two:.3f} s ({two / files * 1000:.2f} ms/file), speed-up {speedup:.2f}x, "
          f"per-file overhead {overhead:.2f} ms, peak RSS {result['jobs2'][1]:.0f} MB")


def platform():
    try:
        with open("/proc/cpuinfo") as handle:
            for line in handle:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return sys.platform


if __name__ == "__main__":
    main()
