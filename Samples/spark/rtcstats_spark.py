#!/usr/bin/env python3
"""Analyse a folder or bucket of WebRTC stats dumps with rtcstats on Apache Spark.

    python rtcstats_spark.py --input DIR|URI --output DIR|URI --binary PATH [--master local[2]]
    spark-submit --master yarn rtcstats_spark.py --input s3a://tickets/ \
        --output s3a://results/rtcstats/ --binary s3a://tools/rtcstats-linux-x86_64

Lists every file below --input (hidden ones skipped, as rtcstats does), leaves out the files
the files table already holds with the same path, size and modification time, runs
`rtcstats analyze --format ndjson -` on each remaining file's bytes on the executors, and
appends three Parquet tables below --output, partitioned by the call's UTC day: files (one
row per file: ok, error or skipped, never lost), tracks and findings. The files table is
written last, so a run that dies part-way is redone by the next one; rows of a run the files
table does not name are ignored by the views of rtcstats_queries.py.

Exit status: 0 done (failed and skipped files are rows, not job failures), 64 bad
arguments, 66 the input does not exist or cannot be listed, 1 Spark failed.
"""

import argparse
import datetime
import os
import sys
import time
import uuid

import rtcstats_tables as tables
import rtcstats_worker as worker

TABLES = ("tracks", "findings", "files")  # files last: it marks a file as done
HADOOP_SPECIAL = "\\,{}[]*?"


class UsageError(Exception):
    """Bad command-line arguments (exit 64)."""


class Parser(argparse.ArgumentParser):
    """argparse with the documented usage status (64) instead of 2."""

    def error(self, message):
        self.print_usage(sys.stderr)
        raise UsageError(message)


def parse_arguments(argv):
    parser = Parser(prog="rtcstats_spark.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", required=True, help="folder or Hadoop URI of the dumps")
    parser.add_argument("--output", required=True, help="folder or Hadoop URI of the tables")
    parser.add_argument("--binary", required=True, help="rtcstats for the executors' platform")
    parser.add_argument("--master", help="Spark master (default: spark-submit's)")
    parser.add_argument("--partitions", type=int, default=0, help="minimum input partitions")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per file (600)")
    return parser.parse_args(argv)


def start_session(master):
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("rtcstats")
    if master:
        builder = builder.master(master)
    builder = (
        builder.config("spark.sql.session.timeZone", "UTC")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
    )
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    here = os.path.dirname(os.path.abspath(__file__))
    for module in ("rtcstats_worker.py", "rtcstats_tables.py"):
        spark.sparkContext.addPyFile(os.path.join(here, module))
    return spark


def ship_binary(spark, binary):
    """Ships `binary` to every executor; returns (its SparkFiles name, a path the driver runs)."""
    from pyspark import SparkFiles

    spark.sparkContext.addFile(binary)
    name = os.path.basename(binary.rstrip("/"))
    local = binary if os.path.isfile(binary) else SparkFiles.get(name)
    return name, worker.executable(local)


def list_inputs(spark, input_uri):
    """path, size and modification time (ms) of every file below `input_uri`."""
    from pyspark.sql import functions as F

    listing = (
        spark.read.format("binaryFile").option("recursiveFileLookup", "true").load(input_uri)
    )
    return listing.select(
        F.col("path"),
        F.col("length").alias("input_size"),
        (F.unix_micros("modificationTime") / 1000).cast("long").alias("input_mtime"),
    )


def done_files(spark, output):
    """(path, size, mtime) of the files an earlier run wrote, or None before the first run."""
    from pyspark.errors import AnalysisException

    try:
        files = spark.read.parquet(f"{output}/files")
    except AnalysisException:
        return None
    return files.select("path", "input_size", "input_mtime").distinct()


def hadoop_path_list(paths):
    """The comma-separated input paths of `binaryFiles`, glob and comma characters escaped."""
    escaped = []
    for path in paths:
        escaped.append("".join("\\" + c if c in HADOOP_SPECIAL else c for c in path))
    return ",".join(escaped)


def analyse(spark, todo, binary_name, run_id, arguments):
    """The (table, JSON line) RDD of every file to do, computed once and kept."""
    from pyspark import StorageLevel

    sc = spark.sparkContext
    mtimes = sc.broadcast({row.path: row.input_mtime for row in todo})
    records = sc.binaryFiles(
        hadoop_path_list(row.path for row in todo), minPartitions=arguments.partitions or None
    )
    timeout = arguments.timeout

    def run_partition(partition):
        return worker.analyze_partition(partition, binary_name, mtimes, run_id, timeout)

    return records.mapPartitions(run_partition).persist(StorageLevel.MEMORY_AND_DISK)


def read_rows(spark, lines, schema):
    """A DataFrame of JSON lines read with `schema`, and how many lines did not fit it."""
    reader = spark.read.option("mode", "PERMISSIVE").schema(tables.with_corrupt_column(schema))
    reader = reader.option("columnNameOfCorruptRecord", tables.CORRUPT_COLUMN)
    frame = reader.json(lines).cache()
    misfits = 0
    if tables.CORRUPT_COLUMN in frame.columns:
        misfits = frame.filter(frame[tables.CORRUPT_COLUMN].isNotNull()).count()
        frame = frame.drop(tables.CORRUPT_COLUMN)
    return frame, misfits


def write_tables(spark, results, schemas, output):
    """Appends each table below `output`; returns {table: (rows, rows not fitting the schema)}."""
    counts = {}
    for table in TABLES:
        lines = results.filter(lambda pair, table=table: pair[0] == table).map(lambda pair: pair[1])
        frame, misfits = read_rows(spark, lines, schemas[table])
        rows = frame.count()
        if rows or table == "files":
            frame.write.mode("append").partitionBy("day").parquet(f"{output}/{table}")
        counts[table] = (rows, misfits)
    return counts


def table_schemas(binary):
    """{table: Spark schema}, derived from `rtcstats schema rows`."""
    document = tables.rtcstats_schema(binary)
    return {table: tables.table_schema(document, table) for table in tables.TABLE_ROW_KINDS}


def report(listed, todo_count, counts, seconds, status_counts):
    parts = [f"{listed} files listed", f"{listed - todo_count} already done", f"{todo_count} analysed"]
    if status_counts:
        parts[-1] += " (" + ", ".join(f"{n} {s}" for s, n in sorted(status_counts.items())) + ")"
    for table in TABLES[:-1]:
        if table in counts:
            parts.append(f"{counts[table][0]} {table} rows")
    misfits = sum(misfit for _, misfit in counts.values())
    if misfits:
        parts.append(f"{misfits} rows not fitting rtcstats's schema")
    print(f"rtcstats_spark: {', '.join(parts)}; {seconds:.1f} s", file=sys.stderr)


def run(arguments):
    started = time.monotonic()
    spark = start_session(arguments.master)
    binary_name, driver_binary = ship_binary(spark, arguments.binary)
    schemas = table_schemas(driver_binary)
    listing = list_inputs(spark, arguments.input)
    done = done_files(spark, arguments.output)
    pending = listing if done is None else listing.join(
        done, ["path", "input_size", "input_mtime"], "left_anti"
    )
    listed = listing.count()
    todo = pending.collect()
    counts, status_counts = {}, {}
    if todo:
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        run_id = f"{stamp}-{uuid.uuid4().hex[:8]}"
        results = analyse(spark, todo, binary_name, run_id, arguments)
        counts = write_tables(spark, results, schemas, arguments.output)
        files = spark.read.parquet(f"{arguments.output}/files").filter(f"run_id = '{run_id}'")
        status_counts = {r["row"]: r["count"] for r in files.groupBy("row").count().collect()}
    report(listed, len(todo), counts, time.monotonic() - started, status_counts)
    spark.stop()
    return 0


def main(argv):
    try:
        arguments = parse_arguments(argv)
    except UsageError as problem:
        print(f"rtcstats_spark: {problem}", file=sys.stderr)
        return 64
    try:
        return run(arguments)
    except Exception as problem:  # Spark's errors come as many classes; name the cause, one line
        name = type(problem).__name__
        message = str(problem).strip().splitlines()[0] if str(problem).strip() else name
        status = 66 if "PATH_NOT_FOUND" in message or "does not exist" in message else 1
        print(f"rtcstats_spark: {arguments.input if status == 66 else name}: {message}", file=sys.stderr)
        return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
