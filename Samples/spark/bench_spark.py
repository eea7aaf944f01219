#!/usr/bin/env python3
"""Local-mode throughput of the Spark job next to `rtcstats analyze --jobs 2` on the same files.

    python bench_spark.py --binary .build/release/rtcstats --work .build/spark-bench [--copies 25]

Stages COPIES copies of Samples' captures, corpus and derived folders (nothing is committed),
then times, on the same folder: `rtcstats analyze --jobs 2 -f ndjson --per KIND` for file,
track and finding (what the job computes), and the job itself with `--master local[2]`
from start to end (JVM start, listing, analysis, three Parquet tables). Prints files/s and MB/s.
"""

import argparse
import pathlib
import shutil
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def stage(work, copies):
    target = work / "input"
    shutil.rmtree(work, ignore_errors=True)
    for copy in range(copies):
        for folder in ("captures", "corpus", "derived"):
            shutil.copytree(ROOT / "Samples" / folder, target / f"copy-{copy:03d}" / folder)
    files = [path for path in target.rglob("*") if path.is_file()]
    return target, len(files), sum(path.stat().st_size for path in files)


def timed(command, **kwargs):
    started = time.monotonic()
    subprocess.run(command, check=True, **kwargs)
    return time.monotonic() - started


def line(label, seconds, files, size):
    print(f"{label:<44} {seconds:7.2f} s  {files / seconds:8.1f} files/s  {size / seconds / 1e6:7.2f} MB/s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--copies", type=int, default=25)
    arguments = parser.parse_args()
    work = pathlib.Path(arguments.work).resolve()
    target, files, size = stage(work, arguments.copies)
    print(f"{files} files, {size / 1e6:.1f} MB in {target}")
    total = 0.0
    for kind in ("file", "track", "finding"):
        command = [arguments.binary, "analyze", "--jobs", "2", "-q", "-f", "ndjson", "--per", kind, str(target)]
        seconds = timed(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        total += seconds
        line(f"rtcstats analyze --jobs 2 --per {kind}", seconds, files, size)
    line("rtcstats analyze --jobs 2, the three kinds", total, files, size)
    job = [sys.executable, str(HERE / "rtcstats_spark.py"), "--input", str(target), "--output",
           str(work / "output"), "--binary", arguments.binary, "--master", "local[2]"]
    line("rtcstats_spark.py --master local[2]", timed(job), files, size)
    line("rtcstats_spark.py again (nothing to do)", timed(job), files, size)


if __name__ == "__main__":
    sys.exit(main())
