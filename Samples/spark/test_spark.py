#!/usr/bin/env python3
"""`make spark-test`: the Spark job in local mode over Samples, checked against plain rtcstats.

    python test_spark.py --binary .build/release/rtcstats --work .build/spark-test

Stages Samples (captures, corpus, derived, README.md) plus broken dumps and non-dumps in
WORK/input, runs rtcstats_spark.py on it (local[2]) with a wrapper binary that logs every
invocation, and checks, from the Parquet files read with pyarrow (not Spark):
- one files row per staged file; tracks and findings rows as many as `rtcstats analyze
  --per track|finding FILE` prints for each file, and equal to them, column by column;
- every broken dump is an `error` row with the message and exit status rtcstats gives it,
  every non-dump a `skipped` row; no row failed to fit the schema from `rtcstats schema rows`;
- the tables' columns are the schema's columns plus the job's;
- a second run analyses nothing (no invocation, no new Parquet file); touching one file
  makes the third run analyse exactly that file, and the views count it once;
- the query examples give the same answers in Spark SQL and in DuckDB over `--per` NDJSON.
"""

import argparse
import decimal
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
JOB_COLUMNS = {"input_size", "input_mtime", "run_id", "day"}
BROKEN = {
    "broken/cut-in-a-member.json": b'[{"id":"IT01","type":"inbound-rtp","timestamp":1,',
    "broken/garbage.json": b"{{{{ not json",
    "broken/corrupt.gz": b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xff\xfe\xfd\xfc\xfb\xfa",
    "broken/empty.json": b"",
}
NOT_DUMPS = {
    "notes/ticket.txt": b"Customer says video froze twice, see attached dump.\n",
    "notes/screenshot.png": b"\x89PNG\r\n\x1a\n" + b"\x00" * 200,
    "notes/other.json": b'{"ticket": 4711, "status": "open"}',
    "notes/binary.json": bytes(range(256)) * 4,
    "notes/ticket 4711, {call} [a].txt": b"a name with a space, a comma and glob characters\n",
}
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL {message}", file=sys.stderr)


def stage(work):
    """WORK/input: Samples' dumps and notes, the broken dumps and the non-dumps."""
    target = work / "input"
    shutil.rmtree(work, ignore_errors=True)
    target.mkdir(parents=True)
    for folder in ("captures", "corpus", "derived"):
        shutil.copytree(ROOT / "Samples" / folder, target / folder)
    shutil.copy(ROOT / "Samples" / "README.md", target / "README.md")
    for name, content in {**BROKEN, **NOT_DUMPS}.items():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_bytes(content)
    return sorted(path for path in target.rglob("*") if path.is_file())


def wrapper(work, binary):
    """WORK/bin/rtcstats: logs one line per invocation to WORK/invocations.log, runs BINARY."""
    (work / "bin").mkdir()
    script = work / "bin" / "rtcstats"
    log = work / "invocations.log"
    script.write_text(f'#!/bin/sh\necho "$*" >> "{log}"\nexec "{binary}" "$@"\n')
    script.chmod(0o755)
    log.write_text("")
    return script, log


def analyses(log):
    """How many `rtcstats analyze` processes the job started (the driver's `schema` excluded)."""
    return sum(1 for line in log.read_text().splitlines() if line.startswith("analyze"))


def rows_of(binary, kind, path):
    """What a plain `rtcstats analyze --format ndjson --per KIND FILE` prints."""
    result = subprocess.run(
        [binary, "analyze", "--format", "ndjson", "--per", kind, "--quiet", str(path)],
        capture_output=True,
    )
    return [json.loads(line) for line in result.stdout.splitlines() if line.strip()]


def run_job(work, script, master):
    command = [sys.executable, str(HERE / "rtcstats_spark.py"), "--input", str(work / "input"),
               "--output", str(work / "output"), "--binary", str(script), "--master", master]
    started = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True)
    seconds = time.monotonic() - started
    summary = [line for line in result.stderr.splitlines() if line.startswith("rtcstats_spark:")]
    print(f"job: exit {result.returncode}, {seconds:.1f} s: {' / '.join(summary)}")
    check(result.returncode == 0, f"the job exits 0, not {result.returncode}: {result.stderr[-2000:]}")
    return summary, seconds


def table(work, name):
    """Every row of one Parquet table, read with pyarrow (hive partitions: day)."""
    import pyarrow.dataset as ds

    folder = work / "output" / name
    if not folder.exists():
        return [], []
    dataset = ds.dataset(str(folder), format="parquet", partitioning="hive")
    return dataset.schema.names, dataset.to_table().to_pylist()


def parquet_files(work):
    return sorted((str(p), p.stat().st_mtime_ns) for p in (work / "output").rglob("*.parquet"))


def same(expected, actual):
    """Whether a Parquet value equals the NDJSON value rtcstats printed (maps come back as
    (key, value) pairs, a JSON value of several kinds as its text)."""
    if isinstance(expected, dict):
        if isinstance(actual, list):
            actual = dict(actual)
        if not isinstance(actual, dict) or set(expected) != set(actual):
            return False
        return all(same(expected[key], actual[key]) for key in expected)
    if isinstance(actual, str) and not isinstance(expected, str) and expected is not None:
        return json.loads(actual) == expected
    return expected == actual


def compare(label, expected_rows, actual_rows):
    """Checks two multisets of rows equal, ignoring path and the job's columns."""
    def key(row):
        return json.dumps({k: row.get(k) for k in ("peerConnection", "direction", "kind", "trackIdentifier",
                                                   "ssrc", "code", "start", "group")}, sort_keys=True, default=str)
    check(len(expected_rows) == len(actual_rows), f"{label}: {len(actual_rows)} rows, rtcstats prints {len(expected_rows)}")
    for want, got in zip(sorted(expected_rows, key=key), sorted(actual_rows, key=key)):
        for name, value in want.items():
            if name != "path" and not same(value, got.get(name, "(missing)")):
                check(False, f"{label}: {name} is {got.get(name, '(missing)')!r}, rtcstats says {value!r}")


def uri(path):
    return "file:" + str(path)


def check_tables(work, binary, files):
    """Row counts, equality with plain rtcstats, error and skipped rows, columns."""
    schema = json.loads(subprocess.run([binary, "schema", "rows"], capture_output=True, check=True).stdout)
    tables = {name: table(work, name) for name in ("files", "tracks", "findings")}
    kinds = {"files": ["file", "error", "skipped"], "tracks": ["track"], "findings": ["finding"]}
    for name, (columns, _) in tables.items():
        want = []
        for kind in kinds[name]:
            want += [c for c in schema["$defs"][kind]["properties"] if c not in want]
        check(set(columns) == set(want) | JOB_COLUMNS, f"{name} columns: {sorted(set(columns) ^ (set(want) | JOB_COLUMNS))} differ")
    by_path = {name: {} for name in tables}
    for name, (_, rows) in tables.items():
        for row in rows:
            by_path[name].setdefault(row["path"], []).append(row)
    check(len(tables["files"][1]) == len(files), f"files rows {len(tables['files'][1])} for {len(files)} files")
    counts = {"file": 0, "error": 0, "skipped": 0, "track": 0, "finding": 0}
    for path in files:
        expected = rows_of(binary, "file", path)
        label = str(path.relative_to(work / "input"))
        compare(f"{label} files", expected, by_path["files"].get(uri(path), []))
        counts[expected[0]["row"]] += 1
        relative = str(path.relative_to(work / "input"))
        if relative in BROKEN:
            check(expected[0]["row"] == "error" and expected[0]["exitCode"] == 65, f"{label}: rtcstats calls it {expected[0]}")
        if relative in NOT_DUMPS or path.name in ("README.md", "truth.json"):
            check(expected[0]["row"] == "skipped", f"{label}: rtcstats calls it {expected[0]['row']}, not skipped")
        for name, kind in (("tracks", "track"), ("findings", "finding")):
            rows = [r for r in rows_of(binary, kind, path) if r["row"] == kind]
            counts[kind] += len(rows)
            compare(f"{label} {name}", rows, by_path[name].get(uri(path), []))
    print("rows: " + ", ".join(f"{n} {k}" for k, n in counts.items()) +
          f"; tables: {len(tables['files'][1])} files, {len(tables['tracks'][1])} tracks, {len(tables['findings'][1])} findings")
    check(len(tables["tracks"][1]) == counts["track"], "tracks rows equal the files' track rows")
    check(len(tables["findings"][1]) == counts["finding"], "findings rows equal the files' finding rows")
    return counts


def check_touched(work, script, log, files):
    """A file whose modification time changed is analysed again, alone; the views count it once."""
    touched = next(p for p in files if p.parent.name == "basic" and p.name == "receiver.jsonl")
    before = analyses(log)
    stamp = touched.stat().st_mtime + 60
    os.utime(touched, (stamp, stamp))
    summary, _ = run_job(work, script, "local[2]")
    check(any(" 1 analysed" in line for line in summary), f"after touching one file, one is analysed: {summary}")
    check(analyses(log) - before == 3, f"touched file: {analyses(log) - before} rtcstats analyze runs, not 3")
    _, rows = table(work, "files")
    check(sum(1 for row in rows if row["path"] == uri(touched)) == 2, "the touched file has a row per run")


def check_queries(work, binary, master):
    """The query examples: Spark SQL over the tables equals DuckDB over a local batch's NDJSON."""
    sys.path.insert(0, str(HERE))
    import rtcstats_queries as queries
    from pyspark.sql import SparkSession

    batch = work / "batch"
    batch.mkdir()
    for name, kind in (("files", "file"), ("tracks", "track"), ("findings", "finding")):
        with open(batch / f"{name}.ndjson", "wb") as out:
            subprocess.run([binary, "analyze", "-f", "ndjson", "--per", kind, "-q", str(work / "input")],
                           stdout=out, stderr=subprocess.DEVNULL)
    ducks = queries.duckdb_answers(str(batch))
    spark = queries.local_session(SparkSession.builder.master(master)).getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    sparks = queries.spark_answers(spark, str(work / "output"))
    spark.stop()
    print("\nSpark SQL over the Parquet tables:")
    queries.show(sparks)
    print("DuckDB over the --per NDJSON of the same folder:")
    queries.show(ducks)
    def plain(rows):  # Spark's round() of a decimal is a Decimal, DuckDB's a float
        return [tuple(round(float(v), 6) if isinstance(v, (int, float, decimal.Decimal)) else v
                      for v in row) for row in rows]

    for name in queries.QUERIES:
        spark_rows, duck_rows = plain(sparks[name][1]), plain(ducks[name][1])
        check(spark_rows == duck_rows, f"query {name!r}: Spark {spark_rows} != DuckDB {duck_rows}")
        check(len(spark_rows) > 0, f"query {name!r} has an answer")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--master", default="local[2]")
    arguments = parser.parse_args()
    binary = str(pathlib.Path(arguments.binary).resolve())
    work = pathlib.Path(arguments.work).resolve()
    files = stage(work)
    script, log = wrapper(work, binary)
    print(f"staged {len(files)} files ({sum(p.stat().st_size for p in files)} bytes) in {work / 'input'}")
    run_job(work, script, arguments.master)
    first = analyses(log)
    check_tables(work, binary, files)
    before = parquet_files(work)
    summary, _ = run_job(work, script, arguments.master)
    check(analyses(log) == first, f"the second run ran rtcstats analyze {analyses(log) - first} times")
    check(parquet_files(work) == before, "the second run writes no Parquet file")
    check(any(" 0 analysed" in line for line in summary), f"the second run says it analysed nothing: {summary}")
    print(f"re-run: {analyses(log) - first} rtcstats analyze runs, {len(parquet_files(work)) - len(before)} new Parquet files")
    check_touched(work, script, log, files)
    check_queries(work, binary, arguments.master)
    if failures:
        print(f"\n{len(failures)} check(s) failed", file=sys.stderr)
        return 1
    print("spark-test: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
