# Thin task runner; `swift build` and `swift test` work on their own.
SWIFT ?= swift
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
SCRATCH ?= .build

.PHONY: all build release test install uninstall bench lint format fuzz golden browser-test clean

all: build

build:
	$(SWIFT) build --scratch-path $(SCRATCH)

release:
	$(SWIFT) build -c release --scratch-path $(SCRATCH) -Xswiftc -warnings-as-errors

# Builds everything (tests included) with warnings as errors, then runs the tests.
test:
	$(SWIFT) build --build-tests --scratch-path $(SCRATCH) -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build --scratch-path $(SCRATCH)

install: release
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 $(SCRATCH)/release/rtcstats $(DESTDIR)$(BINDIR)/rtcstats

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/rtcstats

# Generates large inputs on demand (never committed) and compares with python/node.
bench: release
	Tests/Bench/run.sh $(SCRATCH)/release/rtcstats

lint:
	$(SWIFT) format lint --recursive Package.swift Sources Tests

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

# Fuzzes each libFuzzer target in turn for SECONDS (see Tests/Fuzz/README.md):
#   make fuzz SECONDS=600                 # every target, 10 minutes each
#   make fuzz TARGETS=json SECONDS=600    # one target
TARGETS ?= json number dump stream parallel
SECONDS ?= 60
fuzz:
	@status=0; for target in $(TARGETS); do \
	  Tests/Fuzz/run.sh $$target $(SECONDS) || status=1; \
	done; exit $$status

# Rewrites Samples/golden from the current build; review the diff before committing.
golden: build
	Tests/golden.sh $(SCRATCH)/debug/rtcstats update

# Renders the demo HTML reports in headless Chromium (Debian `chromium`, installed when missing
# and root) and fails on console errors, blank or mis-sized pages and charts without data.
# Screenshots: $(SCRATCH)/browser-test/*.png.
browser-test:
	SWIFT=$(SWIFT) SCRATCH=$(SCRATCH) Tests/Browser/run.sh

clean:
	rm -rf $(SCRATCH)
