#!/usr/bin/env bash
# make browser-test: writes the demo reports, renders each in headless Chromium and fails on
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
rm -rf "$OUT"
mkdir -p "$OUT/html"
"$SCRATCH/debug/ReportDemo" "$OUT/html"
python3 Tests/Browser/browser_test.py --self-test --chromium "$chromium" --out "$OUT/self-test"
python3 Tests/Browser/browser_test.py --chromium "$chromium" --out "$OUT" "$OUT"/html/*.html
