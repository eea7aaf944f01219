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

# The rows `rtcstats analyze --format ndjson --per KIND -` prints, by table.
TABLE_ROW_KINDS = {"files": "file", "tracks": "track", "findings": "finding"}


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


def row_status(row):
    """ok, error or skipped, from an rtcstats NDJSON row."""
    if row.get("skipped") is not None:
        return "skipped"
    if row.get("error") is not None:
        return "error"
    return "ok"


def call_start(rows):
    """The earliest peer connection start (ms) of the file's rows, else None."""
    starts = [row.get("startTime") for row in rows if isinstance(row.get("startTime"), (int, float))]
    return min(starts) if starts else None


def document_rows(document):
    """Splits one `--format ndjson` document into its file, track and finding rows.

    Used while `--per` is unavailable; each track row carries its peer connection's id and
    start time, each finding its own peer connection.
    """
    connections = document.get("peerConnections") or []
    tracks = []
    for connection in connections:
        for track in connection.get("tracks") or []:
            tracks.append(
                {"peerConnection": connection.get("id"), "startTime": connection.get("startTime"), **track}
            )
    return {
        "files": [document],
        "tracks": tracks,
        "findings": list(document.get("findings") or []),
    }


def analyze_file(binary, content, timeout_seconds):
    """The rows of every table for one file's bytes: {"files": [row], "tracks": […], …}."""
    arguments = [binary, "analyze", "--format", "ndjson", "--no-intervals", "--quiet", "-"]
    status, lines, stderr_text = run_rtcstats(arguments, content, timeout_seconds)
    documents = []
    for line in lines:
        try:
            documents.append(json.loads(line))
        except ValueError:
            stderr_text = f"unreadable result line: {line[:200]!r}"
    if len(documents) != 1:
        message = failure_message(status, stderr_text, timeout_seconds)
        exit_code = status if status and status > 0 else None
        documents = [{"schemaVersion": None, "error": {"message": message, "exitCode": exit_code}}]
    return document_rows(documents[0])


def job_columns(path, size, mtime_ms, run_id, rows):
    """The columns the job adds to every row of one file: where it came from and its day."""
    start = call_start(rows.get("tracks", [])) or call_start(
        [{"startTime": connection.get("startTime")} for row in rows["files"]
         for connection in row.get("peerConnections") or []]
    )
    return {
        "input_path": path,
        "input_size": size,
        "input_mtime": mtime_ms,
        "run_id": run_id,
        "day": day_of(start if start is not None else mtime_ms),
    }


def analyze_partition(records, binary_name, mtimes, run_id, timeout_seconds):
    """mapPartitions body: (path, bytes) records in, (table, JSON line) pairs out.

    `mtimes` is a broadcast {path: modification time in ms} of the files to do. A file is
    held in memory only while its own process runs; nothing is kept between files.
    """
    from pyspark import SparkFiles  # imported on the executor

    binary = executable(SparkFiles.get(binary_name))
    for path, content in records:
        rows = analyze_file(binary, content, timeout_seconds)
        columns = job_columns(path, len(content), mtimes.value[path], run_id, rows)
        status = row_status(rows["files"][0])
        for table, table_rows in rows.items():
            for row in table_rows:
                extra = {**columns, "status": status} if table == "files" else columns
                yield table, json.dumps({**row, **extra}, separators=(",", ":"))
