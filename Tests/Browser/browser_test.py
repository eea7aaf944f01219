#!/usr/bin/env python3
"""Renders HTML reports in headless Chromium and fails on what a person would notice.

usage: browser_test.py [--chromium PATH] [--out DIR] FILE.html ...
       browser_test.py --self-test [--chromium PATH] [--out DIR]

Chromium is driven over the DevTools protocol on --remote-debugging-pipe (file
descriptors 3 and 4, NUL-terminated JSON messages); standard library only. Each page is
loaded at 1280 and 1024 px wide, light and dark, and in print media, and fails when:

- a JavaScript exception is thrown, console.error/assert is called, or the browser logs an
  error (a Content Security Policy violation, a failed load);
- the page fetched anything (it must be self-contained);
- the page is blank: no text, or a screenshot of a single colour;
- the page is mis-sized: wider than the viewport (a horizontal scroll bar), shorter than
  200 px, or a chart narrower than half the page or flatter than 40 px;
- an SVG chart has no data: no drawn series (a path with two vertices or a dot), or a band
  without runs;
- the hover read-out or a legend toggle does not work (at 1280 px, light).

--self-test renders pages that are broken in each of these ways and fails unless every one
is caught, so a check that silently stopped working does not pass the real pages.

PNG screenshots (the top of the page, at most 5000 px tall) go to DIR (default
.build/browser-test/), named FILE-WIDTH[-dark|-print].png. Exit status 0 when every page
passes, 1 otherwise, 2 when Chromium cannot be started.
"""

import argparse
import base64
import json
import os
import select
import struct
import subprocess
import sys
import time
import zlib

TIMEOUT = 30.0
MAX_SHOT_HEIGHT = 5000


class Browser:
    """A headless Chromium on a DevTools pipe, with one page target attached."""

    def __init__(self, executable):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def wire_pipes():
            # Copy both ends above 4 first: a pipe may already sit on 3 or 4 (and pipes are
            # close-on-exec; dup2 clears that on the copies Chromium reads).
            reading, writing = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        arguments = [
            executable, "--headless=new", "--remote-debugging-pipe", "--no-sandbox",
            "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--disable-background-networking", "--mute-audio",
            "--user-data-dir=" + os.path.join(os.environ.get("TMPDIR", "/tmp"),
                                              "rtcstats-browser-test-%d" % os.getpid()),
            "about:blank",
        ]
        self.process = subprocess.Popen(
            arguments, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, close_fds=False, preexec_fn=wire_pipes)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next((t for t in targets if t["type"] == "page"), None)
        target_id = page["targetId"] if page else self.call(
            "Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": target_id, "flatten": True})["sessionId"]

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and getattr(self, "session", None):
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self, deadline):
        while b"\0" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no answer from Chromium")
            ready, _, _ = select.select([self.from_browser], [], [], remaining)
            if ready:
                chunk = os.read(self.from_browser, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the DevTools pipe")
                self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=True):
        wanted = self.send(method, params, session)
        deadline = time.monotonic() + TIMEOUT
        while True:
            message = self.receive(deadline)
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError("%s: %s" % (method, message["error"]))
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for(self, method):
        deadline = time.monotonic() + TIMEOUT
        while True:
            for index, event in enumerate(self.events):
                if event["method"] == method:
                    return self.events.pop(index)
            self.events.append(self.receive(deadline))

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError("check script failed: %s" % result["exceptionDetails"])
        return result["result"].get("value")

    def close(self):
        try:
            self.send("Browser.close", session=False)
            self.process.wait(timeout=10)
        except Exception:  # noqa: BLE001 - closing is best effort
            self.process.kill()
            self.process.wait()


PAGE_CHECKS = r"""
(() => {
  const problems = [];
  const width = window.innerWidth;
  const root = document.documentElement;
  if (document.body.innerText.trim().length < 20) problems.push("blank page: no text");
  if (root.scrollWidth > width + 1) problems.push("page wider than the viewport: " + root.scrollWidth + " > " + width);
  const height = Math.round(root.getBoundingClientRect().height);
  if (height < 200) problems.push("page only " + height + " px tall");
  const charts = [...document.querySelectorAll("svg.chart")];
  for (const svg of charts) {
    const name = svg.getAttribute("aria-label");
    const box = svg.getBoundingClientRect();
    if (box.width < width / 2 || box.height < 40) {
      problems.push("chart '" + name + "' is " + Math.round(box.width) + "x" + Math.round(box.height));
    }
    const drawn = [...svg.querySelectorAll("g.series path")].some(path => {
      const numbers = (path.getAttribute("d") || "").match(/-?[0-9.]+/g) || [];
      return numbers.length >= 3 && path.getTotalLength() > 0;
    }) || svg.querySelector("g.series circle") !== null;
    if (!drawn) problems.push("chart '" + name + "' draws no data");
  }
  for (const svg of document.querySelectorAll("svg.band")) {
    if (svg.querySelectorAll("rect.run").length === 0) problems.push("band '" + svg.getAttribute("aria-label") + "' has no runs");
  }
  return {problems, charts: charts.length, bands: document.querySelectorAll("svg.band").length, height};
})()
"""

CHART_POINT = r"""
(() => {
  const svg = document.querySelector("svg.chart");
  if (!svg || !svg.dataset.left) return null;
  svg.scrollIntoView({block: "center"});
  const box = svg.getBoundingClientRect();
  const left = +svg.dataset.left, right = +svg.dataset.right, viewWidth = svg.viewBox.baseVal.width;
  const x = box.left + (left + (right - left) * 0.6) / viewWidth * box.width;
  return {x, y: box.top + box.height * 0.4};
})()
"""

TOOLTIP_STATE = r"""
(() => {
  const tip = document.querySelector(".tip");
  const cross = document.querySelector("svg.chart .crosshair");
  return {visible: !!tip && !tip.hidden, text: tip ? tip.textContent : "",
          cross: cross ? cross.getAttribute("visibility") : null};
})()
"""

TOGGLE_CHECK = r"""
(() => {
  const key = document.querySelector("figure.chart-box .legend .key[data-series]");
  if (!key) return "no legend key";
  const figure = key.closest("figure");
  const group = figure.querySelector("g.series[data-series='" + key.dataset.series + "']");
  key.click();
  const hidden = getComputedStyle(group).display === "none" && key.getAttribute("aria-pressed") === "false";
  key.click();
  const shown = getComputedStyle(group).display !== "none";
  return hidden && shown ? "ok" : "toggling did not hide and show the series";
})()
"""


def console_problems(events, url):
    """The errors among the page's events so far, and every request for something else."""
    problems = []
    for event in events:
        method, params = event["method"], event.get("params", {})
        if method == "Network.requestWillBeSent" and params["request"]["url"] != url:
            problems.append("page fetched %s" % params["request"]["url"][:200])
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text")
            problems.append("JavaScript exception: %s" % text)
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            texts = [str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", [])]
            problems.append("console.%s: %s" % (params["type"], " ".join(texts)))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            problems.append("browser error (%s): %s" % (entry.get("source"), entry.get("text")))
    return problems


def png_colours(data, limit=64):
    """The number of distinct colours in a sample of a PNG's rows (at most `limit`)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return 0
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, colour_type = header[0], header[1], header[2], header[3]
    channels = {2: 3, 6: 4, 0: 1, 4: 2}.get(colour_type)
    if depth != 8 or channels is None:
        return limit  # not a format this check reads; do not call it blank
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    previous = bytearray(stride)
    colours = set()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for index in range(stride):
            left = line[index - channels] if index >= channels else 0
            up = previous[index]
            corner = previous[index - channels] if index >= channels else 0
            if kind == 1:
                line[index] = (line[index] + left) & 0xFF
            elif kind == 2:
                line[index] = (line[index] + up) & 0xFF
            elif kind == 3:
                line[index] = (line[index] + (left + up) // 2) & 0xFF
            elif kind == 4:
                guess = left + up - corner
                best = min((abs(guess - left), 0, left), (abs(guess - up), 1, up),
                           (abs(guess - corner), 2, corner))[2]
                line[index] = (line[index] + best) & 0xFF
        previous = line
        if row % 16 == 0:
            for pixel in range(0, stride, channels * 7):
                colours.add(bytes(line[pixel:pixel + channels]))
            if len(colours) >= limit:
                return limit
    return len(colours)


def screenshot(browser, path):
    metrics = browser.call("Page.getLayoutMetrics")
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    height = min(MAX_SHOT_HEIGHT, max(1, int(size["height"])))
    width = int(metrics["cssLayoutViewport"]["clientWidth"])
    shot = browser.call("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    data = base64.b64decode(shot["data"])
    with open(path, "wb") as file:
        file.write(data)
    return data


def check_interaction(browser, hover_shot):
    """Hovers over the first chart (screenshot of the viewport to `hover_shot`) and toggles
    the first legend key; the problems found."""
    point = browser.evaluate(CHART_POINT)
    if point is None:
        return []
    problems = []
    browser.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": point["x"], "y": point["y"]})
    state = browser.evaluate(TOOLTIP_STATE)
    if not state["visible"] or ":" not in state["text"] or state["cross"] != "visible":
        problems.append("hover read-out did not appear: %s" % state)
    shot = browser.call("Page.captureScreenshot", {"format": "png"})
    with open(hover_shot, "wb") as file:
        file.write(base64.b64decode(shot["data"]))
    browser.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 2, "y": 2})
    toggled = browser.evaluate(TOGGLE_CHECK)
    if toggled != "ok":
        problems.append(toggled)
    browser.evaluate("window.scrollTo(0, 0)")
    return problems


VARIANTS = [
    # (suffix, width, media, colour scheme, interact)
    ("1280", 1280, "screen", "light", True),
    ("1024", 1024, "screen", "light", False),
    ("1280-dark", 1280, "screen", "dark", False),
    ("1280-print", 1280, "print", "light", False),
]


def check_page(browser, path, out, variants=VARIANTS):
    """Loads `path` in every variant; returns (problems, summary)."""
    problems, summary = [], {}
    name = os.path.splitext(os.path.basename(path))[0]
    url = "file://" + os.path.abspath(path)
    for suffix, width, media, scheme, interact in variants:
        label = "%s@%s" % (name, suffix)
        browser.call("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        browser.call("Emulation.setEmulatedMedia", {
            "media": media, "features": [{"name": "prefers-color-scheme", "value": scheme}]})
        browser.events.clear()
        browser.call("Page.navigate", {"url": url})
        browser.wait_for("Page.loadEventFired")
        result = browser.evaluate(PAGE_CHECKS)
        found = list(result["problems"])
        if interact:
            found += check_interaction(browser, os.path.join(out, "%s-%s-hover.png" % (name, suffix)))
        data = screenshot(browser, os.path.join(out, "%s-%s.png" % (name, suffix)))
        if png_colours(data) < 3:
            found.append("blank page: the screenshot is a single colour")
        found += console_problems(browser.events, url)
        problems += ["%s: %s" % (label, problem) for problem in found]
        summary[suffix] = result
    return problems, summary


TEXT = "<p>" + "A report page with enough text to count as content. " * 3 + "</p>" \
    + "<div style='height:400px'></div>"

# (file name, page, the problem the checks must report)
BROKEN_PAGES = [
    ("exception", TEXT + "<script>null.crash();</script>", "JavaScript exception"),
    ("console-error", TEXT + "<script>console.error('bad');</script>", "console.error: bad"),
    ("csp-violation", '<meta http-equiv="Content-Security-Policy" content="script-src \'none\'">'
     + TEXT + "<script>void 0;</script>", "browser error"),
    ("blank", "<body><div style='height:900px'></div></body>", "blank page"),
    ("wide", TEXT + "<div style='width:3000px;height:10px'></div>", "wider than the viewport"),
    ("short", "<p>" + "tiny page text " * 2 + "</p><style>html,body{height:60px;overflow:hidden}"
     "</style>", "px tall"),
    ("fetch", TEXT + "<img src='missing.png' alt=''>", "page fetched"),
    ("empty-chart", TEXT + "<svg class='chart' aria-label='bitrate' viewBox='0 0 1000 150' "
     "style='width:100%'><g class='series'><path d=''/></g></svg>", "draws no data"),
    ("narrow-chart", TEXT + "<svg class='chart' aria-label='rtt' viewBox='0 0 100 20' "
     "style='width:100px'><g class='series'><path d='M0 0 10 10'/></g></svg>", "is 100x20"),
    ("empty-band", TEXT + "<svg class='band' aria-label='grade'></svg>", "has no runs"),
]


def self_test(browser, out):
    """Renders each broken page; returns the checks that did not catch their breakage."""
    missed = []
    pages = os.path.join(out, "pages")
    os.makedirs(pages, exist_ok=True)
    for name, body, expected in BROKEN_PAGES:
        path = os.path.join(pages, name + ".html")
        with open(path, "w") as file:
            file.write("<!DOCTYPE html><html><head><meta charset='utf-8'></head>" + body + "</html>")
        problems, _ = check_page(browser, path, out, variants=[("1280", 1280, "screen", "light", False)])
        # Caught, and for that reason alone: each page is broken in one way only.
        caught = bool(problems) and all(expected in problem or "browser error" in problem
                                        for problem in problems)
        caught = caught and any(expected in problem for problem in problems)
        print("%-6s %s: %s" % ("caught" if caught else "MISSED", name, "; ".join(problems) or "no problem"))
        if not caught:
            missed.append(name)
    return missed


def main():
    parser = argparse.ArgumentParser(description="Render HTML reports in headless Chromium.")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    parser.add_argument("--out", default=".build/browser-test")
    parser.add_argument("--self-test", action="store_true",
                        help="check that broken pages are caught, instead of checking FILEs")
    parser.add_argument("files", nargs="*")
    options = parser.parse_args()
    if not options.self_test and not options.files:
        parser.error("no FILE given")
    os.makedirs(options.out, exist_ok=True)
    try:
        browser = Browser(options.chromium)
        for domain in ("Page", "Runtime", "Log", "Network"):
            browser.call(domain + ".enable")
    except (OSError, RuntimeError, TimeoutError) as error:
        print("browser-test: cannot start %s: %s" % (options.chromium, error), file=sys.stderr)
        return 2
    failures, passed = 0, 0
    try:
        if options.self_test:
            missed = self_test(browser, options.out)
            print("browser-test self-test: %d passed, %d failed" % (
                len(BROKEN_PAGES) - len(missed), len(missed)))
            return 1 if missed else 0
        for path in options.files:
            problems, summary = check_page(browser, path, options.out)
            size = os.path.getsize(path)
            light = summary.get("1280", {})
            status = "FAIL" if problems else "ok"
            print("%-4s %s (%d bytes, %s charts, %s bands, %s px tall)" % (
                status, path, size, light.get("charts"), light.get("bands"), light.get("height")))
            for problem in problems:
                print("     " + problem)
            failures += 1 if problems else 0
            passed += 0 if problems else 1
    finally:
        browser.close()
    print("browser-test: %d passed, %d failed; screenshots in %s" % (passed, failures, options.out))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
