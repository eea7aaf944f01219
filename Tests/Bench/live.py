#!/usr/bin/env python3
"""Benchmarks the live API (`rtcstats follow`, which feeds LiveSnapshotAnalyzer line by line).

1. Time and peak RSS per snapshot: synthetic JSON-lines logs of 1k, 10k and 100k snapshots
   (captures/basic's receiver repeated with advancing timestamps and counters, certificates
   left out; generated into OUT, never committed) are piped into
   `rtcstats follow -f ndjson -`; flat figures mean O(1) work and memory per snapshot.
2. Latency: a capture is written to a file one line per second while `rtcstats follow -f
   ndjson FILE` follows it; the time from each write to its interval's line on follow's
   standard output is measured.

Usage: live.py BINARY OUT [--seconds N]
"""
import json
import os
import select
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import generate  # noqa: E402


def write_log(path, count):
    snapshots = [[o for o in s if o["type"] != "certificate"] for s in generate.load_jsonl("receiver.jsonl")]
    with open(path, "w") as out:
        for index, line in enumerate(generate.repeated_snapshots(snapshots, float("inf"))):
            if index == count:
                break
            out.write(line + "\n")


def measure(binary, path, count):
    with open(path, "rb") as source, open(os.devnull, "wb") as sink:
        start = time.perf_counter()
        result = subprocess.run(
            ["/usr/bin/time", "-f", "%M", binary, "follow", "-f", "ndjson", "-"],
            stdin=source, stdout=sink, stderr=subprocess.PIPE, check=True)
        wall = time.perf_counter() - start
    rss_kb = int(result.stderr.decode().strip().splitlines()[-1])
    return wall, rss_kb


def latency(binary, out, seconds):
    capture = os.path.join(generate.ROOT, "Samples", "captures", "basic", "receiver.jsonl")
    lines = open(capture).read().splitlines()[: seconds + 1]
    path = os.path.join(out, "growing.jsonl")
    open(path, "w").close()
    follow = subprocess.Popen([binary, "follow", "-f", "ndjson", path], stdout=subprocess.PIPE)
    delays = []
    try:
        with open(path, "a") as log:
            for line in lines:
                time.sleep(1)
                log.write(line + "\n")
                log.flush()
                written = time.perf_counter()
                ready, _, _ = select.select([follow.stdout], [], [], 5)
                if not ready:
                    delays.append(float("inf"))
                    continue
                follow.stdout.readline()
                delays.append((time.perf_counter() - written) * 1000)
    finally:
        follow.terminate()
        follow.wait()
    return delays


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, out = sys.argv[1], sys.argv[2]
    seconds = int(sys.argv[sys.argv.index("--seconds") + 1]) if "--seconds" in sys.argv else 20
    os.makedirs(out, exist_ok=True)
    print("snapshots  wall s   µs/snapshot  marginal µs/snapshot  peak RSS")
    previous = None
    for count in (1_000, 10_000, 100_000):
        path = os.path.join(out, f"live-{count}.jsonl")
        if not os.path.exists(path):
            write_log(path, count)
        wall, rss = measure(binary, path, count)
        marginal = "" if previous is None else f"{(wall - previous[1]) / (count - previous[0]) * 1e6:10.1f}"
        print(f"{count:9}  {wall:6.2f}  {wall / count * 1e6:11.1f}  {marginal:>20}  {rss / 1024:6.1f} MB")
        previous = (count, wall)
    delays = sorted(latency(binary, out, seconds))
    print(f"follow latency over {len(delays)} lines written 1/s: median {delays[len(delays) // 2]:.1f} ms, "
          f"max {delays[-1]:.1f} ms, over 100 ms: {sum(d > 100 for d in delays)}")


if __name__ == "__main__":
    main()
