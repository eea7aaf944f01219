#!/usr/bin/env bash
# make browser-test: writes the demo reports and the reports of the Samples captures, renders each in headless Chromium and fails on
# console errors, blank or mis-sized pages and charts without data (see browser_test.py).
# Screenshots land in $SCRATCH/browser-test/. Installs Debian's chromium when it is missing
# and we are root.
set -euo pipefail
cd "$(dirname "$0")/../.."
SWIFT=${SWIFT:-swift}
SCRATCH=${SCRATCH:-.build}
OUT="$SCRATCH/browser-test"

chromium=${CHROMIUM:-}
if [ -z "$chromium" ]; then
  chromium=$(command -v chromium || command -v chromium-browser || true)
fi
if [ -z "$chromium" ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "browser-test: installing chromium" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
    chromium=$(command -v chromium)
  else
    echo "browser-test: chromium not found (apt-get install chromium, or set CHROMIUM=path)" >&2
    exit 2
  fi
fi

"$SWIFT" build --scratch-path "$SCRATCH" --product ReportDemo -Xswiftc -warnings-as-errors
"$SWIFT" build --scratch-path "$SCRATCH" --product rtcstats -Xswiftc -warnings-as-errors
rm -rf "$OUT"
mkdir -p "$OUT/html"
"$SCRATCH/debug/ReportDemo" "$OUT/html"
# The report of every Samples capture: its dumps (JSON lines) as one call, so the links of
# sender and receiver (or publishers and subscriber, sfu-uplink-loss) are drawn too; the SVC
# corpus dump; and the shared captures that Samples does not hold, when ../shared is there.
report() { "$SCRATCH/debug/rtcstats" report -q -o "$OUT/html/$1.html" "${@:2}"; }
for capture in Samples/captures/*/; do
  name=$(basename "$capture")
  report "capture-$name" "$capture"*.jsonl
done
report corpus-jitsi-chrome117-vp9svc Samples/corpus/jitsi-chrome117-vp9svc-relay-freezes.jsonl
for name in bandwidth outage; do
  shared=../shared/capture/out/$name
  if [ -d "$shared" ]; then report "shared-$name" "$shared/sender.jsonl" "$shared/receiver.jsonl"; fi
done
python3 Tests/Browser/browser_test.py --self-test --chromium "$chromium" --out "$OUT/self-test"
python3 Tests/Browser/browser_test.py --chromium "$chromium" --out "$OUT" "$OUT"/html/*.html
