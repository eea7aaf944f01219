#!/usr/bin/env python3
"""Generates large, realistic benchmark inputs from the real captures in Samples/.

Every generated file repeats the snapshots of a real 30 s capture with timestamps moved
forward and every cumulative counter advanced, so that the result is one long, plausible
call: rates stay those of the capture, nothing resets. Files are written to OUT (never
committed):

  jsonl-50mb.jsonl          W3C JSON lines (sender + receiver tracks of captures/basic)
  array-50mb.json           the same snapshots as one JSON array
  internals-50mb.json       a webrtc-internals dump with long series
  rtcstats-50mb.txt         Chrome's rtcstats export (RTCStatsDump, full getStats lines)
  folder-1000/              1000 small dumps (W3C JSON lines, 10 s each)
  jsonl-500mb.jsonl, rtcstats-500mb.txt   with --large
  jsonl-5gb.jsonl           with --huge (the same lines, 5 minutes to write)

Usage: generate.py OUT [--large] [--huge] [--mb N]
"""
import gzip
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
CAPTURE = os.path.join(ROOT, "Samples", "captures", "basic")

# Counters that only grow: advanced by their total growth over the capture on each repeat.
NON_COUNTERS = {
    "timestamp", "ssrc", "rtxSsrc", "frameWidth", "frameHeight", "framesPerSecond", "jitter",
    "roundTripTime", "currentRoundTripTime", "fractionLost", "audioLevel", "targetBitrate",
    "availableOutgoingBitrate", "availableIncomingBitrate", "priority", "port", "payloadType",
    "clockRate", "channels", "encodingIndex", "width", "height", "lastPacketReceivedTimestamp",
    "lastPacketSentTimestamp", "estimatedPlayoutTimestamp", "remoteTimestamp", "echoReturnLoss",
    "echoReturnLossEnhancement", "jitterBufferTargetDelay", "jitterBufferMinimumDelay",
}


def load_jsonl(name):
    with open(os.path.join(CAPTURE, name)) as handle:
        return [json.loads(line) for line in handle if line.strip()]


def growth(snapshots):
    """Per (id, member): how much a counter grew over the capture, plus the time span."""
    first = {o["id"]: o for o in snapshots[0]}
    last = {o["id"]: o for o in snapshots[-1]}
    deltas = {}
    for oid, obj in last.items():
        base = first.get(oid, {})
        for key, value in obj.items():
            if key in NON_COUNTERS or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            if isinstance(base.get(key), (int, float)):
                deltas[(oid, key)] = value - base[key]
    span = max(o["timestamp"] for o in snapshots[-1]) - max(o["timestamp"] for o in snapshots[0])
    return deltas, span + 1000.0


def shifted(obj, repeat, deltas, span):
    out = dict(obj)
    for key, value in obj.items():
        if key == "timestamp":
            out[key] = value + repeat * span
        elif (obj["id"], key) in deltas:
            grown = value + repeat * deltas[(obj["id"], key)]
            out[key] = round(grown, 6) if isinstance(grown, float) else grown
        elif key == "qualityLimitationDurations" and isinstance(value, dict):
            out[key] = {k: round(v + repeat * span / 1000 / 4, 3) for k, v in value.items()}
    return out


def repeated_snapshots(snapshots, target_bytes):
    deltas, span = growth(snapshots)
    size = 0
    repeat = 0
    while True:
        for snapshot in snapshots:
            line = json.dumps([shifted(o, repeat, deltas, span) for o in snapshot], separators=(",", ":"))
            size += len(line) + 1
            yield line
            if size >= target_bytes:
                return
        repeat += 1


def write_jsonl(path, target):
    snapshots = load_jsonl("sender.jsonl")
    with open(path, "w") as out:
        for line in repeated_snapshots(snapshots, target):
            out.write(line + "\n")


def write_array(path, target):
    snapshots = load_jsonl("receiver.jsonl")
    with open(path, "w") as out:
        out.write("[")
        for index, line in enumerate(repeated_snapshots(snapshots, target)):
            out.write(("," if index else "") + line + "\n")
        out.write("]\n")


def write_internals(path, target):
    with open(os.path.join(CAPTURE, "webrtc-internals.json")) as handle:
        dump = json.load(handle)
    size = os.path.getsize(os.path.join(CAPTURE, "webrtc-internals.json"))
    factor = max(1, int(target / size * 1.5) + 1)
    for connection in dump["PeerConnections"].values():
        stats = connection.get("stats", {})
        for key, series in stats.items():
            values = json.loads(series["values"])
            if not values:
                continue
            numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)
            if numeric and key.endswith("-timestamp"):
                span = values[-1] - values[0] + 1000
                values = [v + r * span for r in range(factor) for v in values]
            elif numeric and len(values) > 1 and values[-1] >= values[0] and not key.split("-")[-1] in NON_COUNTERS:
                grow = values[-1] - values[0]
                values = [v + r * grow for r in range(factor) for v in values]
            else:
                values = values * factor
            series["values"] = json.dumps(values, separators=(",", ":"))
    with open(path, "w") as out:
        json.dump(dump, out, indent=1)


def write_rtcstats(path, target):
    with gzip.open(os.path.join(CAPTURE, "rtcstats-dump.gz"), "rt") as handle:
        lines = handle.read().splitlines()
    header, rest = lines[:2], lines[2:]
    events = [json.loads(line) for line in rest if line.strip()]
    stats = [e for e in events if e and e[0] == "getStats"]
    setup = [e for e in events if not e or e[0] != "getStats"]
    # Per connection: the report series, repeated with shifted timestamps and counters.
    by_pc = {}
    for event in stats:
        by_pc.setdefault(event[1], []).append(event)
    with open(path, "w") as out:
        out.write("\n".join(header) + "\n")
        for event in setup[:40]:
            out.write(json.dumps(event, separators=(",", ":")) + "\n")
        size = 0
        repeat = 0
        pcs = list(by_pc.items())
        series = {pc: [list(e[2].values()) for e in evs] for pc, evs in pcs}
        meta = {pc: growth(snaps) for pc, snaps in series.items()}
        while size < target:
            for index in range(max(len(s) for s in series.values())):
                for pc, snaps in series.items():
                    if index >= len(snaps):
                        continue
                    deltas, span = meta[pc]
                    report = {o["id"]: shifted(o, repeat, deltas, span) for o in snaps[index]}
                    line = json.dumps(["getStats", pc, report, 500.0], separators=(",", ":"))
                    size += len(line) + 1
                    out.write(line + "\n")
            repeat += 1


def write_folder(path, count):
    os.makedirs(path, exist_ok=True)
    snapshots = load_jsonl("receiver.jsonl")[:11]
    deltas, span = growth(load_jsonl("receiver.jsonl"))
    for index in range(count):
        with open(os.path.join(path, f"ticket-{index:04d}.jsonl"), "w") as out:
            for snapshot in snapshots:
                out.write(json.dumps([shifted(o, index, deltas, span) for o in snapshot], separators=(",", ":")) + "\n")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    large = "--large" in sys.argv
    huge = "--huge" in sys.argv
    mb = 50
    if "--mb" in sys.argv:
        mb = int(sys.argv[sys.argv.index("--mb") + 1])
    os.makedirs(out, exist_ok=True)
    target = mb * 1_000_000
    jobs = [
        ("jsonl-50mb.jsonl", lambda p: write_jsonl(p, target)),
        ("array-50mb.json", lambda p: write_array(p, target)),
        ("internals-50mb.json", lambda p: write_internals(p, target)),
        ("rtcstats-50mb.txt", lambda p: write_rtcstats(p, target)),
    ]
    if large:
        jobs += [
            ("jsonl-500mb.jsonl", lambda p: write_jsonl(p, 10 * target)),
            ("rtcstats-500mb.txt", lambda p: write_rtcstats(p, 10 * target)),
        ]
    if huge:
        jobs += [("jsonl-5gb.jsonl", lambda p: write_jsonl(p, 100 * target))]
    for name, write in jobs:
        path = os.path.join(out, name)
        if not os.path.exists(path):
            write(path)
        print(f"{name}: {os.path.getsize(path) / 1e6:.1f} MB", file=sys.stderr)
    folder = os.path.join(out, "folder-1000")
    if not os.path.isdir(folder) or len(os.listdir(folder)) < 1000:
        write_folder(folder, 1000)
    print(f"folder-1000: {len(os.listdir(folder))} files", file=sys.stderr)


if __name__ == "__main__":
    main()
