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
GLOB_SPECIAL = "\\{}[]*?"


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
    if master and master.startswith("local"):  # one machine: few shuffle partitions, no web UI
        builder = builder.config("spark.sql.shuffle.partitions", "4").config("spark.ui.enabled", "false")
    builder = (
        builder.config("spark.sql.session.timeZone", "UTC")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
    )
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    here = os.path.dirname(os.path.abspath(__file__))
    for module in ("rtcstats_worker.py", "rtcstats_tables.py"):
        if os.path.isfile(os.path.join(here, module)):  # else shipped by spark-submit --py-files
            add_once(spark.sparkContext.addPyFile, os.path.join(here, module))
    return spark


def add_once(add, path):
    """Ships `path` to the executors unless spark-submit (--files, --py-files) already did."""
    try:
        add(path)
    except Exception as problem:  # py4j wraps Spark's IllegalArgumentException
        if "already registered" not in str(problem):
            raise


def ship_binary(spark, binary):
    """Ships `binary` to every executor; returns (its SparkFiles name, a path the driver runs)."""
    from pyspark import SparkFiles

    name = os.path.basename(binary.rstrip("/"))
    add_once(spark.sparkContext.addFile, binary)
    local = binary if os.path.isfile(binary) else SparkFiles.get(name)
    return name, worker.executable(local)


def list_inputs(spark, input_uri):
    """(path, size, modification time in ms) of every file below `input_uri`.

    Spark's binaryFile source lists in parallel but leaves empty files out of its rows; they
    are in its index (`inputFiles`), and their status is asked of the file system one by one.
    """
    from pyspark.sql import functions as F

    frame = spark.read.format("binaryFile").option("recursiveFileLookup", "true").load(input_uri)
    listed = frame.select(
        F.col("path"),
        F.col("length").alias("input_size"),
        (F.unix_micros("modificationTime") / 1000).cast("long").alias("input_mtime"),
    ).collect()
    seen = {row.path for row in listed}
    jvm, conf = spark.sparkContext._jvm, spark.sparkContext._jsc.hadoopConfiguration()
    for uri in frame.inputFiles():
        if uri in seen:
            continue
        path = jvm.org.apache.hadoop.fs.Path(jvm.java.net.URI(uri))
        status = path.getFileSystem(conf).getFileStatus(path)
        if path.toString() not in seen:
            listed.append((path.toString(), status.getLen(), status.getModificationTime()))
    return [tuple(row) for row in listed]


def done_files(spark, output):
    """{(path, size, mtime)} of the files earlier runs wrote (empty before the first run)."""
    from pyspark.errors import AnalysisException

    try:
        files = spark.read.parquet(f"{output}/files")
    except AnalysisException:
        return set()
    return {tuple(row) for row in files.select("path", "input_size", "input_mtime").collect()}


def hadoop_path_list(paths):
    """The input string of `binaryFiles` naming exactly `paths`.

    Hadoop splits it at the commas outside braces, then globs each path: glob characters
    are escaped with a backslash, and a comma in a name becomes the glob `{\\,}` (an
    alternative of one literal comma), which that split leaves alone.
    """
    names = []
    for path in paths:
        names.append("".join("\\" + c if c in GLOB_SPECIAL else c for c in path).replace(",", "{\\,}"))
    return ",".join(names)


def analyse(spark, todo, binary_name, run_id, arguments):
    """The (table, JSON line) RDD of every file to do, computed once and kept."""
    from pyspark import StorageLevel

    sc = spark.sparkContext
    mtimes = sc.broadcast({path: mtime for path, _, mtime in todo})
    paths = [path for path, size, _ in todo if size > 0]
    empty = [(path, b"") for path, size, _ in todo if size == 0]  # binaryFiles drops them too
    records = sc.parallelize(empty, 1)
    if paths:
        listed = sc.binaryFiles(hadoop_path_list(paths), minPartitions=arguments.partitions or None)
        records = listed.union(records) if empty else listed
    timeout = arguments.timeout

    def run_partition(partition):
        return worker.analyze_partition(partition, binary_name, mtimes, run_id, timeout)

    return records.mapPartitions(run_partition).persist(StorageLevel.MEMORY_AND_DISK)


def read_rows(spark, lines, schema):
    """The JSON lines read with `schema` (kept), and {row kind: count}, and how many lines
    did not fit the schema: one Spark job."""
    from pyspark.sql import functions as F

    reader = spark.read.option("mode", "PERMISSIVE").schema(tables.with_corrupt_column(schema))
    reader = reader.option("columnNameOfCorruptRecord", tables.CORRUPT_COLUMN)
    frame = reader.json(lines).cache()
    counts = frame.groupBy("row").agg(
        F.count("*").alias("rows"), F.count(tables.CORRUPT_COLUMN).alias("misfits")
    ).collect()
    kinds = {row["row"]: row["rows"] for row in counts}
    return frame.drop(tables.CORRUPT_COLUMN), kinds, sum(row["misfits"] for row in counts)


def write_tables(spark, results, schemas, output):
    """Appends each table below `output`; returns {table: ({row kind: rows}, misfits)}."""
    counts = {}
    for table in TABLES:
        lines = results.filter(lambda pair, table=table: pair[0] == table).map(lambda pair: pair[1])
        frame, kinds, misfits = read_rows(spark, lines, schemas[table])
        if kinds:
            frame.write.mode("append").partitionBy("day").parquet(f"{output}/{table}")
        frame.unpersist()
        counts[table] = (kinds, misfits)
    return counts


def table_schemas(binary):
    """{table: Spark schema}, derived from `rtcstats schema rows`."""
    document = tables.rtcstats_schema(binary)
    return {table: tables.table_schema(document, table) for table in tables.TABLE_ROW_KINDS}


def report(listed, todo_count, counts, seconds):
    """One stderr line: files listed, done before, analysed by outcome, rows written."""
    parts = [f"{listed} files listed", f"{listed - todo_count} already done", f"{todo_count} analysed"]
    if "files" in counts:
        outcomes = sorted(counts["files"][0].items(), key=lambda item: str(item[0]))
        parts[-1] += " (" + ", ".join(f"{n} {kind}" for kind, n in outcomes) + ")"
    for table in TABLES[:-1]:
        if table in counts:
            parts.append(f"{sum(counts[table][0].values())} {table} rows")
    misfits = sum(misfit for _, misfit in counts.values())
    if misfits:
        parts.append(f"{misfits} rows not fitting rtcstats's schema")
    print(f"rtcstats_spark: {', '.join(parts)}; {seconds:.1f} s", file=sys.stderr)


def run(arguments):
    started = time.monotonic()
    spark = start_session(arguments.master)
    binary_name, driver_binary = ship_binary(spark, arguments.binary)
    schemas = table_schemas(driver_binary)
    listed = list_inputs(spark, arguments.input)
    done = done_files(spark, arguments.output)
    todo = [row for row in listed if row not in done]
    counts = {}
    if todo:
        stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        run_id = f"{stamp}-{uuid.uuid4().hex[:8]}"
        results = analyse(spark, todo, binary_name, run_id, arguments)
        counts = write_tables(spark, results, schemas, arguments.output)
    report(len(listed), len(todo), counts, time.monotonic() - started)
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
