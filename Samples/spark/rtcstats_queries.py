#!/usr/bin/env python3
"""Example questions over rtcstats results, in Spark SQL and in DuckDB.

    python rtcstats_queries.py spark  OUTPUT [--master local[2]]   # the Spark job's tables
    python rtcstats_queries.py duckdb FOLDER                       # files/tracks/findings.ndjson

The DuckDB side reads a local batch's NDJSON, which is where most users start:

    rtcstats analyze -f ndjson --per file    tickets/ > files.ndjson
    rtcstats analyze -f ndjson --per track   tickets/ > tracks.ndjson
    rtcstats analyze -f ndjson --per finding tickets/ > findings.ndjson

Both sides answer the same questions with the same SQL over views named files, tracks and
findings (rows of `row` = 'file', 'track', 'finding'); only the views differ. On the Spark
side the files view holds each path's latest row and tracks/findings only the rows of the
run that wrote it, so a run that died before writing its files rows counts for nothing.
"""

import sys

# Grades, best to worst, as `rtcstats analyze` names them.
GRADE_RANK = (
    "CASE grade WHEN 'critical' THEN 5 WHEN 'warning' THEN 4 WHEN 'fair' THEN 3 "
    "WHEN 'good' THEN 2 WHEN 'excellent' THEN 1 ELSE 0 END"
)
SHORT_PATH = "regexp_extract(path, '([^/]+/[^/]+)$', 1)"
# A locale in the user agent (`; en-US)` in older browsers); modern ones carry none.
UA_REGION = "coalesce(nullif(regexp_extract(f.userAgent, '; [a-z]{2}-([A-Z]{2})[;)]', 1), ''), 'unknown')"

QUERIES = {
    "worst calls by grade": f"""
        SELECT {SHORT_PATH} AS file, browser, grade, criticalFindings AS critical,
               warningFindings AS warnings, worstFinding
        FROM files WHERE row = 'file' AND grade IS NOT NULL
        ORDER BY {GRADE_RANK} DESC, criticalFindings DESC, warningFindings DESC, file
        LIMIT 8""",
    "freeze share by browser": """
        SELECT coalesce(t.browser, 'unknown') AS browser, count(*) AS videoTracks,
               round(sum(t.freezeCount), 0) AS freezes,
               round(100 * sum(t.totalFreezesDuration) / sum(f.duration), 2) AS frozenPercent
        FROM tracks t JOIN files f ON t.path = f.path
        WHERE t.direction = 'inbound' AND t.kind = 'video' AND f.duration > 0
        GROUP BY coalesce(t.browser, 'unknown') ORDER BY browser""",
    "TURN-over-TCP share": """
        SELECT count(*) AS calls,
               sum(CASE WHEN path IN (SELECT path FROM findings WHERE code = 'turnRelay')
                   THEN 1 ELSE 0 END) AS relayed,
               sum(CASE WHEN path IN (SELECT path FROM findings WHERE code = 'relayOverTCP')
                   THEN 1 ELSE 0 END) AS overTCP,
               round(100.0 * sum(CASE WHEN path IN (SELECT path FROM findings
                   WHERE code = 'relayOverTCP') THEN 1 ELSE 0 END) / count(*), 1) AS overTCPPercent
        FROM files WHERE row = 'file' AND peerConnections > 0""",
    "loss by day and user-agent region": f"""
        SELECT f.day AS day, {UA_REGION} AS region, count(*) AS inboundTracks,
               round(100.0 * sum(t.packetsLost) / (sum(t.packets) + sum(t.packetsLost)), 2)
                   AS lossPercent
        FROM tracks t JOIN files f ON t.path = f.path
        WHERE t.direction = 'inbound' AND t.packets > 0
        GROUP BY f.day, {UA_REGION} ORDER BY day, region""",
}

SPARK_VIEWS = {
    "files": """SELECT * FROM (SELECT *, row_number() OVER (PARTITION BY path
                ORDER BY input_mtime DESC, run_id DESC) AS latest FROM files_all) WHERE latest = 1""",
    "tracks": "SELECT t.* FROM tracks_all t LEFT SEMI JOIN files f ON t.path = f.path AND t.run_id = f.run_id",
    "findings": "SELECT t.* FROM findings_all t LEFT SEMI JOIN files f ON t.path = f.path AND t.run_id = f.run_id",
}


def local_session(builder):
    """UTC days and, for one machine, few shuffle partitions and no web UI (faster start)."""
    return (
        builder.config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.sources.partitionColumnTypeInference.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
    )


def spark_views(spark, output, schemas=None):
    """Registers the files, tracks and findings views over the job's tables below `output`."""
    spark.conf.set("spark.sql.sources.partitionColumnTypeInference.enabled", "false")  # day: text
    for table in ("files", "tracks", "findings"):
        reader = spark.read if schemas is None else spark.read.schema(schemas[table])
        reader.parquet(f"{output}/{table}").createOrReplaceTempView(f"{table}_all")
        spark.sql(SPARK_VIEWS[table]).createOrReplaceTempView(table)


def spark_answers(spark, output, schemas=None):
    """{question: (column names, rows as tuples)} over the Spark job's tables."""
    spark_views(spark, output, schemas)
    answers = {}
    for name, query in QUERIES.items():
        frame = spark.sql(query)
        answers[name] = (frame.columns, [tuple(row) for row in frame.collect()])
    return answers


def duckdb_answers(folder):
    """{question: (column names, rows as tuples)} over files/tracks/findings.ndjson in `folder`."""
    import duckdb

    connection = duckdb.connect()
    connection.execute("SET TimeZone = 'UTC'")
    for table, kind in (("files", None), ("tracks", "track"), ("findings", "finding")):
        where = f"WHERE row = '{kind}'" if kind else ""
        extra = (", strftime(to_timestamp(startTime / 1000), '%Y-%m-%d') AS day" if table == "files" else "")
        connection.execute(
            f"CREATE VIEW {table} AS SELECT *{extra} FROM "
            f"read_json_auto('{folder}/{table}.ndjson', format = 'newline_delimited') {where}"
        )
    answers = {}
    for name, query in QUERIES.items():
        result = connection.execute(query)
        answers[name] = ([column[0] for column in result.description], result.fetchall())
    return answers


def show(answers, out=sys.stdout):
    """Prints each answer as an aligned text table."""
    for name, (columns, rows) in answers.items():
        cells = [columns] + [["NULL" if value is None else str(value) for value in row] for row in rows]
        widths = [max(len(row[index]) for row in cells) for index in range(len(columns))]
        print(f"-- {name}", file=out)
        for row in cells:
            print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip(), file=out)
        print(file=out)


def main(argv):
    if len(argv) < 2 or argv[0] not in ("spark", "duckdb"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 64
    if argv[0] == "duckdb":
        show(duckdb_answers(argv[1]))
        return 0
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.appName("rtcstats-queries")
    if "--master" in argv:
        master = argv[argv.index("--master") + 1]
        builder = builder.master(master)
        builder = local_session(builder) if master.startswith("local") else builder
    builder = builder.config("spark.sql.session.timeZone", "UTC")
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    show(spark_answers(spark, argv[1]))
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
