"""Executor side of the rtcstats Spark job: one `rtcstats analyze` process per file.

Everything here is a pure function of a file's bytes, its path, size and modification time,
and the run id: no state is shared between files, tasks or runs, so Spark may retry or
speculate any task. The bytes are written to the process's standard input in 1 MiB pieces
by a feeder thread while its standard output is read, so neither side blocks on a full pipe
and the process itself holds a bounded window of the dump (its streamed dialects).
"""

import datetime
import json
import os
import stat
import subprocess
import threading

CHUNK_BYTES = 1 << 20
ERROR_TAIL_BYTES = 2000

# The `--per` kind of the rows of each table after the files table (whose kind is `file`).
TABLE_ROW_KINDS = {"tracks": "track", "findings": "finding"}


def executable(path):
    """Returns `path`, made executable when a file shipper dropped the mode bits."""
    mode = os.stat(path).st_mode
    if not mode & stat.S_IXUSR:
        os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def _feed(stdin, content):
    """Writes `content` to `stdin` in CHUNK_BYTES pieces, then closes it."""
    view = memoryview(content)
    try:
        for start in range(0, len(view), CHUNK_BYTES):
            stdin.write(view[start : start + CHUNK_BYTES])
    except (BrokenPipeError, ValueError, OSError):
        pass  # the process stopped reading (an error at the start of the dump): its output says why
    finally:
        try:
            stdin.close()
        except OSError:
            pass


def _drain(stream, sink):
    """Reads `stream` to its end into `sink` (a list of byte strings), keeping only the tail."""
    kept = 0
    for piece in iter(lambda: stream.read(65536), b""):
        sink.append(piece)
        kept += len(piece)
        while kept > ERROR_TAIL_BYTES and len(sink) > 1:
            kept -= len(sink.pop(0))


def run_rtcstats(arguments, content, timeout_seconds):
    """Runs `arguments` with `content` on standard input.

    Returns (exit status or None when killed by the timeout, stdout lines, stderr tail).
    A negative status is the signal that ended the process.
    """
    process = subprocess.Popen(
        arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    stderr_pieces = []
    feeder = threading.Thread(target=_feed, args=(process.stdin, content), daemon=True)
    drainer = threading.Thread(target=_drain, args=(process.stderr, stderr_pieces), daemon=True)
    timed_out = threading.Event()

    def expire():
        timed_out.set()
        process.kill()

    timer = threading.Timer(timeout_seconds, expire)
    feeder.start()
    drainer.start()
    timer.start()
    try:
        lines = [line for line in process.stdout if line.strip()]
        process.wait()
    finally:
        timer.cancel()
        feeder.join()
        drainer.join()
    status = None if timed_out.is_set() else process.returncode
    return status, lines, b"".join(stderr_pieces).decode("utf-8", "replace").strip()


def failure_message(status, stderr_text, timeout_seconds):
    """Words for a process that gave no result line: timeout, signal or exit status, stderr."""
    if status is None:
        reason = f"rtcstats did not finish within {timeout_seconds:g} s"
    elif status < 0:
        reason = f"rtcstats ended by signal {-status}"
    else:
        reason = f"rtcstats exited with status {status} and no result"
    last_line = stderr_text.splitlines()[-1] if stderr_text else ""
    return f"{reason}: {last_line}" if last_line else reason


def day_of(milliseconds):
    """The UTC day (YYYY-MM-DD) of a time in ms since the Unix epoch."""
    moment = datetime.datetime.fromtimestamp(milliseconds / 1000, tz=datetime.timezone.utc)
    return moment.strftime("%Y-%m-%d")


def error_row(message, exit_code):
    """An `error` row in rtcstats's own shape, for a process that printed no row."""
    return {
        "schemaVersion": 1, "row": "error", "path": "-", "format": None, "peerConnection": None,
        "message": message, "line": None, "column": None, "exitCode": exit_code,
    }


def rows_of(binary, content, kind, timeout_seconds):
    """The `analyze --per KIND` rows of one file's bytes (an `error` row when none came)."""
    arguments = [binary, "analyze", "--format", "ndjson", "--per", kind, "--quiet", "-"]
    status, lines, stderr_text = run_rtcstats(arguments, content, timeout_seconds)
    try:
        rows = [json.loads(line) for line in lines]
    except ValueError:
        rows, stderr_text = [], f"unreadable result line in {lines[:1]!r}"
    finished = status is not None and status >= 0
    if (not rows and not finished) or (not rows and kind == "file") or any(
        not isinstance(row, dict) for row in rows
    ):  # a file's --per file always has a row; --per track|finding may have none
        message = failure_message(status, stderr_text, timeout_seconds)
        return [error_row(message, status if status and status > 0 else None)]
    return rows


def analyze_file(binary, content, timeout_seconds):
    """{table: rows} of one file: its file row (or error/skipped row), tracks and findings."""
    file_rows = rows_of(binary, content, "file", timeout_seconds)
    tables = {"files": file_rows[:1], "tracks": [], "findings": []}
    if file_rows[0].get("row") != "file":
        return tables  # error or skipped: the files table says why, the others have nothing
    for table in ("tracks", "findings"):
        rows = rows_of(binary, content, TABLE_ROW_KINDS[table], timeout_seconds)
        failures = [row for row in rows if row.get("row") == "error"]
        if failures:  # the same bytes analysed before: only a timeout or a crash gets here
            return {"files": failures[:1], "tracks": [], "findings": []}
        tables[table] = rows
    return tables


def job_columns(path, size, mtime_ms, run_id, file_row):
    """The columns the job sets on every row of one file: its URI, size, mtime, run, day."""
    start = file_row.get("startTime")
    start = start if isinstance(start, (int, float)) else mtime_ms
    day = day_of(start) if start is not None else "unknown"
    return {"path": path, "input_size": size, "input_mtime": mtime_ms, "run_id": run_id, "day": day}


def analyze_partition(records, binary_name, mtimes, run_id, timeout_seconds):
    """mapPartitions body: (path, bytes) records in, (table, JSON line) pairs out.

    `mtimes` is a broadcast {path: modification time in ms} of the files to do. A file is
    held in memory only while its own processes run; nothing is kept between files.
    """
    from pyspark import SparkFiles  # imported on the executor

    binary = executable(SparkFiles.get(binary_name))
    for path, content in records:
        tables = analyze_file(binary, content, timeout_seconds)
        mtime = mtimes.value.get(path)  # None only if a file system spells the path otherwise
        columns = job_columns(path, len(content), mtime, run_id, tables["files"][0])
        for table, rows in tables.items():
            for row in rows:
                yield table, json.dumps({**row, **columns}, separators=(",", ":"))
