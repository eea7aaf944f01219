#!/usr/bin/env python3
"""Benchmarks the release rtcstats binary against parse-only baselines, in one run.

For each generated input: median wall time of RUNS runs, MB/s and peak RSS of
`rtcstats analyze --format json FILE > /dev/null`, of Python's json (parse only) and of
node's JSON.parse (parse only, when node exists), run alternately on the same file.
JSON lines and rtcstats dumps are parsed line by line by the baselines (a whole-file
json.load would stop at the second line). Ratios, not absolute times, are the result.

Usage: bench.py BINARY DATA_DIR [--runs N] [--large]
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


def run(command, stdout=subprocess.DEVNULL):
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=stdout, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"failed ({status}): {' '.join(command)}")
    return elapsed, usage.ru_maxrss / 1024.0


def measure(commands, runs):
    """Runs the commands alternately; returns name -> (median s, max RSS MB)."""
    times = {name: [] for name in commands}
    rss = {name: 0.0 for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            elapsed, peak = run(command)
            times[name].append(elapsed)
            rss[name] = max(rss[name], peak)
    return {name: (statistics.median(values), rss[name]) for name, values in times.items()}


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    binary, data = os.path.abspath(args[0]), args[1]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 5
    large = "--large" in args
    subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), data] + (["--large"] if large else []), check=True)
    node = shutil.which("node")
    cases = [
        ("W3C JSON lines", "jsonl-50mb.jsonl", PY_LINES, NODE_LINES),
        ("JSON array log", "array-50mb.json", PY_DOC, NODE_DOC),
        ("webrtc-internals", "internals-50mb.json", PY_DOC, NODE_DOC),
        ("rtcstats dump", "rtcstats-50mb.txt", PY_LINES, NODE_LINES),
    ]
    if large:
        cases += [
            ("W3C JSON lines 500 MB", "jsonl-500mb.jsonl", PY_LINES, NODE_LINES),
            ("rtcstats dump 500 MB", "rtcstats-500mb.txt", PY_LINES, NODE_LINES),
        ]
    print(f"machine: {os.cpu_count()} CPUs, {platform()}; {runs} runs each, median wall time")
    print(f"{'input':24} {'MB':>6}  {'rtcstats':>18}  {'python json':>18}  {'node JSON.parse':>18}  {'vs python':>9}  {'vs node':>8}")
    for label, name, python_code, node_code in cases:
        path = os.path.join(data, name)
        size = os.path.getsize(path) / 1e6
        commands = {
            "rtcstats": [binary, "analyze", "--format", "json", path],
            "python": [sys.executable, "-c", python_code, path],
        }
        if node:
            commands["node"] = [node, "-e", node_code, path]
        result = measure(commands, runs)

        def cell(key):
            if key not in result:
                return f"{'-':>18}"
            seconds, peak = result[key]
            return f"{size / seconds:7.0f} MB/s {peak:5.0f} MB"

        ours = result["rtcstats"][0]
        vs_python = result["python"][0] / ours
        vs_node = f"{result['node'][0] / ours:7.2f}x" if node else "       -"
        print(f"{label:24} {size:6.1f}  {cell('rtcstats')}  {cell('python')}  {cell('node')}  {vs_python:8.2f}x  {vs_node}")
    folder = os.path.join(data, "folder-1000")
    files = len(os.listdir(folder))
    folder_bytes = sum(os.path.getsize(os.path.join(folder, f)) for f in os.listdir(folder)) / 1e6
    result = measure({
        "jobs1": [binary, "analyze", "--format", "ndjson", "--jobs", "1", folder],
        "jobs2": [binary, "analyze", "--format", "ndjson", "--jobs", "2", folder],
    }, runs)
    one, two = result["jobs1"][0], result["jobs2"][0]
    print(f"folder of {files} files ({folder_bytes:.1f} MB): --jobs 1 {one:.3f} s ({one / files * 1000:.2f} ms/file), "
          f"--jobs 2 {two:.3f} s ({two / files * 1000:.2f} ms/file), speed-up {one / two:.2f}x, peak RSS {result['jobs2'][1]:.0f} MB")


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
