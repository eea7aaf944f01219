#!/usr/bin/env python3
"""Writes small seed inputs for a fuzz target, and a libFuzzer dictionary, into a directory.

    Tests/Fuzz/seed.py TARGET OUTDIR [--dict FILE] [--shared DIR]

The seeds are cut from the real dumps in ../shared (capture/out/*, corpus/*) and from
JSONTestSuite; they are never committed (the unlicensed corpus must stay out of the repo).
Each dump gives a few seeds of at most a few KB:
  * the raw first bytes (exact formatting, usually cut mid-value);
  * for line-oriented dumps, the header lines plus a few stats lines, each shrunk;
  * for whole JSON documents, the document shrunk structurally (arrays cut to their first
    elements, objects to their first members, long strings shortened, JSON held in
    strings shrunk the same way) so that it still parses and keeps the dialect's shape;
  * a gzip copy of a few of them (rtcstats dumps are usually .gz).
For the stream target, only seeds of at most 4 KB are kept, each behind one byte (the
target's chunk pattern). The number target gets lone numbers; the parallel target gets a
shrunk getStats line, a NUL and a tail.
FILE (--dict) gets JSON tokens and every member name and keyword the parsers
compare against (string literals found in Sources/), for libFuzzer's -dict.
"""

import argparse
import gzip
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIMITS = (2048, 8192)  # seed size budgets in bytes


INTERESTING_TYPES = {
    "inbound-rtp", "outbound-rtp", "remote-inbound-rtp", "remote-outbound-rtp", "candidate-pair",
    "transport", "media-source", "codec", "track", "media-playout", "ssrc", "googCandidatePair",
    "VideoBwe", "local-candidate", "remote-candidate",
}
INTERESTING_NAMES = re.compile(
    r"PeerConnections|peerConnections|stats|report|inbound|outbound|candidate|transport|codec|"
    r"bytes|packets|frames|freeze|pause|ssrc|kind|type|timestamp|time$|values|UserAgent|"
    r"fileFormat|^key$|^value$|^id$|Id$|connection|pc",
    re.I,
)


def score(key, value):
    """How much a member is worth keeping when an object must lose members."""
    if isinstance(value, dict) and (value.get("type") in INTERESTING_TYPES or value.get("statsType") in INTERESTING_TYPES):
        return 2
    return 1 if INTERESTING_NAMES.search(key) else 0


def shrink(value, items, members, text):
    """A copy of `value` with arrays cut to `items` elements, objects to their `members` most
    telling members (in their order), strings to `text` characters; strings that hold JSON
    are shrunk as JSON."""
    if isinstance(value, list):
        return [shrink(v, items, members, text) for v in value[:items]]
    if isinstance(value, dict):
        pairs = list(value.items())
        if len(pairs) > members:
            ranked = sorted(range(len(pairs)), key=lambda i: -score(*pairs[i]))[:members]
            pairs = [pairs[i] for i in sorted(ranked)]
        return {k: shrink(v, items, members, text) for k, v in pairs}
    if isinstance(value, str):
        stripped = value.strip()
        if stripped[:1] in ("[", "{"):
            try:
                inner = json.loads(stripped)
            except ValueError:
                inner = None
            if inner is not None:
                return json.dumps(shrink(inner, items, members, text), separators=(",", ":"))
        return value[:text]
    return value


def dumps(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def shrink_to(value, limit):
    """The largest structural shrink of `value` that fits in `limit` bytes, or None."""
    for items in (8, 5, 3, 2, 1):
        for members in (64, 32, 16, 8, 4, 2):
            for text in (200, 40):
                out = dumps(shrink(value, items, members, text))
                if len(out) <= limit:
                    return out
    return None


def parse_lines(data):
    """[(raw line, parsed JSON or None)] for a line-oriented dump."""
    lines = []
    for raw in data.split(b"\n"):
        if not raw.strip():
            continue
        try:
            lines.append((raw, json.loads(raw)))
        except ValueError:
            lines.append((raw, None))
    return lines


def line_seed(lines, limit):
    """Header lines plus the first few lines that carry stats, each shrunk, within `limit`."""
    stats_words = (b"getstats", b"getStats", b"inbound-rtp", b"outbound-rtp", b'"stats"', b"candidate-pair")
    chosen = [line for line in lines[:2]]
    chosen += [line for line in lines[2:] if any(word in line[0] for word in stats_words)][:3]
    if len(chosen) < 3:
        chosen = lines[:5]
    per_line = max(limit // max(len(chosen), 1), 128)
    out = []
    for raw, value in chosen:
        if value is None:
            piece = raw[:per_line]
        else:
            piece = shrink_to(value, per_line)
            if piece is None:
                continue
        if sum(len(p) + 1 for p in out) + len(piece) + 1 > limit:
            break
        out.append(piece)
    return b"\n".join(out) + b"\n" if out else None


def read(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError):
            pass
    return data


def dump_seeds(path):
    """Seeds cut from one dump file: (name suffix, bytes)."""
    data = read(path)
    seeds = [("prefix", data[:4096])]
    try:
        whole = json.loads(data)
    except ValueError:
        whole = None
    if whole is not None and isinstance(whole, (dict, list)):
        for limit in LIMITS:
            out = shrink_to(whole, limit)
            if out is not None:
                seeds.append(("shrunk%d" % limit, out))
    else:
        lines = parse_lines(data)
        if lines:
            for limit in LIMITS:
                out = line_seed(lines, limit)
                if out is not None:
                    seeds.append(("lines%d" % limit, out))
    return seeds


def dump_files(shared):
    files = []
    for base in ("capture/out", "capture/out-firefox", "corpus/public", "corpus/unlicensed"):
        directory = os.path.join(shared, base)
        for dirpath, _, names in sorted(os.walk(directory)):
            for name in sorted(names):
                if name.endswith((".log", ".md")) or name in ("truth.json", "page-log.json", "SUMMARY.txt"):
                    continue
                files.append(os.path.join(dirpath, name))
    return files


def dictionary_entries():
    """JSON tokens, gzip magic, and the string literals of the parsers and the engine."""
    words = set()
    for module in ("RTCStatsFormats", "RTCStatsCore"):
        for dirpath, _, names in os.walk(os.path.join(ROOT, "Sources", module)):
            for name in names:
                if name.endswith(".swift"):
                    with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                        words.update(re.findall(r'"([A-Za-z][A-Za-z0-9_.:-]{1,40})"', f.read()))
    entries = ['"{"', '"}"', '"["', '"]"', '":"', '","', '"\\""', '"true"', '"false"', '"null"',
               '"\\\\u"', '"\\\\uD83D\\\\uDE00"', '"-0"', '"1e308"', '"1e-400"', '"18446744073709551615"',
               '"1.5e15"', '"1697705842167.07"', '"\\x1f\\x8b\\x08"', '"RTCStatsDump\\x0a"']
    for word in sorted(words):
        entries.append('"\\"%s\\""' % word)
    return entries


NUMBER_SEEDS = [
    "0", "-0", "1", "0.1", "1e23", "9007199254740993", "9223372036854775807",
    "-9223372036854775808", "18446744073709551615", "18446744073709551616",
    "2.2250738585072011e-308", "2.2250738585072012e-308", "4.9406564584124654e-324",
    "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623157e308",
    "1.7976931348623159e308", "7.038531e-26", "0.1000000000000000055511151231257827021181583404541015625",
    "1.00000000000000011102230246251565404236316680908203125", "9007199254740992.5",
    "123456789012345678901234567890e-10", "1697705842167.07", "0.0040809999999999996",
    "1e-400", "1e400", "8.98846567431158e307", "3.0517578125e-05",
]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("target", choices=("json", "dump", "stream", "number", "parallel"))
    parser.add_argument("outdir")
    parser.add_argument("--dict", help="write a libFuzzer dictionary here")
    parser.add_argument("--shared", default=os.path.join(os.path.dirname(ROOT), "shared"))
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    count = 0

    def write(name, data):
        nonlocal count
        if args.target == "stream":
            # The stream target reads its first byte as the chunk pattern and repeats the
            # rest: only small, uncompressed seeds are useful.
            if len(data) > 4096 or data[:2] == b"\x1f\x8b":
                return
            data = bytes([count % 251]) + data
        with open(os.path.join(args.outdir, name), "wb") as f:
            f.write(data)
        count += 1

    if args.target == "number":
        # Numbers alone: the JSONTestSuite numbers without their brackets, and cases known
        # to trip fast paths (halfway points, subnormals, 19/20 digits, huge exponents).
        suite = os.path.join(args.shared, "corpus", "jsontestsuite")
        if os.path.isdir(suite):
            for name in sorted(os.listdir(suite)):
                if "_number" in name:
                    with open(os.path.join(suite, name), "rb") as f:
                        text = f.read().strip().strip(b"[]").strip()
                    if text:
                        write("jts-" + name, text)
        for index, text in enumerate(NUMBER_SEEDS):
            write("number-%02d" % index, text.encode())
        if args.dict:
            with open(args.dict, "w", encoding="utf-8") as f:
                f.write("\n".join(['"e"', '"E"', '"e-"', '"e+"', '"."', '"-"', '"0"', '"9"',
                                   '"00000000"', '"99999999"', '"e308"', '"e-324"']) + "\n")
        print("seed.py: %d seeds in %s" % (count, args.outdir), file=sys.stderr)
        return

    if args.target == "parallel":
        # A getStats line (shrunk), a NUL, then a tail appended once after the repeats.
        tails = [b"", None, b"[1,2]\n", b'{"id":"x","type":"codec","timestamp":1}\n', b"garbage\n"]
        for path in dump_files(args.shared):
            if not path.endswith(".jsonl") or "capture" not in path:
                continue
            lines = [value for _, value in parse_lines(read(path))[:2] if value is not None]
            if not lines:
                continue
            line = shrink_to(lines[0], 2048)
            if line is None:
                continue
            tag = re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.relpath(path, args.shared))
            # One tail per capture, in turn: each seed costs seconds under ASan (two
            # analyses of 4.5 MB), and every tail still meets every kind of line.
            index = count % len(tails)
            tail = tails[index]
            if tail is None:
                tail = line[: len(line) // 2]
            write("%s-%d" % (tag, index), line + b"\0" + tail)
        if args.dict:
            with open(args.dict, "w", encoding="utf-8") as f:
                f.write("\n".join(dictionary_entries()) + "\n")
        print("seed.py: %d seeds in %s" % (count, args.outdir), file=sys.stderr)
        return

    suite = os.path.join(args.shared, "corpus", "jsontestsuite")
    if os.path.isdir(suite):
        for name in sorted(os.listdir(suite)):
            if name.endswith(".json") and os.path.getsize(os.path.join(suite, name)) <= 4096:
                with open(os.path.join(suite, name), "rb") as f:
                    write("jts-" + name, f.read())
    if os.path.isdir(args.shared):
        for index, path in enumerate(dump_files(args.shared)):
            tag = re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.relpath(path, args.shared))
            for suffix, data in dump_seeds(path):
                write("%s-%s" % (tag, suffix), data)
                if args.target == "dump" and suffix.endswith("2048") and index % 3 == 0:
                    write("%s-%s.gz" % (tag, suffix), gzip.compress(data, mtime=0))
    else:
        print("seed.py: %s not found; no seeds from dumps" % args.shared, file=sys.stderr)
    if args.target == "dump":
        write("empty-object", b"{}")
        write("empty-array", b"[]")
    if args.dict:
        with open(args.dict, "w", encoding="utf-8") as f:
            f.write("\n".join(dictionary_entries()) + "\n")
    print("seed.py: %d seeds in %s" % (count, args.outdir), file=sys.stderr)


if __name__ == "__main__":
    main()
