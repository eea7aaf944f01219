# Thin task runner; `swift build` and `swift test` work on their own.
SWIFT ?= swift
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin
MANDIR = $(PREFIX)/share/man/man1
SCRATCH ?= .build

.PHONY: all build release test cli-test update-cli-tests man install uninstall bench lint format fuzz \
	golden browser-test spark-test clean bench-live

all: build

build:
	$(SWIFT) build --scratch-path $(SCRATCH)

# On Linux the release binary carries the Swift runtime (--static-swift-stdlib): it runs where
# no Swift toolchain is installed, starts in half the time (2-3 ms instead of 4-5) and calls the
# runtime directly rather than through the dynamic linker's tables (0.90-0.93x the wall time of
# the dynamically linked build on the 50 MB bench inputs). RELEASE_FLAGS= builds it dynamic.
# Only the rtcstats product (and the libraries it is made of) is built for release.
ifeq ($(shell uname -s),Linux)
RELEASE_FLAGS ?= --static-swift-stdlib
endif

release:
	$(SWIFT) build -c release --product rtcstats --scratch-path $(SCRATCH) -Xswiftc -warnings-as-errors \
	  $(RELEASE_FLAGS)

# Builds everything (tests included) with warnings as errors, then runs the tests.
test:
	$(SWIFT) build --build-tests --scratch-path $(SCRATCH) -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build --scratch-path $(SCRATCH)

# The golden command-line cases of Tests/CLI against the release build; update-cli-tests
# rewrites their expected files from the debug build (review the diff before committing).
cli-test: release
	Tests/CLI/run.sh $(SCRATCH)/release/rtcstats

update-cli-tests: build
	Tests/CLI/run.sh $(SCRATCH)/debug/rtcstats update

# The manual page, generated from the option tables (`rtcstats help --man`).
man: release
	$(SCRATCH)/release/rtcstats help --man > $(SCRATCH)/rtcstats.1

# Installs the release binary and its man page. As root (`sudo make install`) nothing is
# built once `make release` has been run as yourself, so root never needs swift and never
# writes into .build; otherwise the release build is brought up to date first.
# PREFIX=$$HOME/.local (no root at all) and DESTDIR=/tmp/stage (packaging) both work.
ifeq ($(shell id -u),0)
INSTALL_NEEDS = $(if $(wildcard $(SCRATCH)/release/rtcstats),,release)
else
INSTALL_NEEDS = release
endif
install: $(INSTALL_NEEDS)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)
	install -m 755 $(SCRATCH)/release/rtcstats $(DESTDIR)$(BINDIR)/rtcstats
	$(SCRATCH)/release/rtcstats help --man > $(DESTDIR)$(MANDIR)/rtcstats.1
	chmod 644 $(DESTDIR)$(MANDIR)/rtcstats.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/rtcstats $(DESTDIR)$(MANDIR)/rtcstats.1

# Generates large inputs on demand (never committed) and compares with simdjson, python, node.
bench: release
	Tests/Bench/run.sh $(SCRATCH)/release/rtcstats

# The live API: time and peak RSS per snapshot at 1k, 10k, 100k snapshots, and the latency of
# `rtcstats follow` on a log written one line per second (inputs generated, never committed).
bench-live: release
	python3 Tests/Bench/live.py $(SCRATCH)/release/rtcstats $(SCRATCH)/bench-live

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

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

# The Spark job of Samples/spark in local mode over Samples plus broken files and non-dumps
# (Samples/spark/test_spark.py says what it checks). pyspark, pyarrow and duckdb go into
# $(SCRATCH)/spark-venv from PyPI; Java 17 must be installed.
SPARK_VENV = $(SCRATCH)/spark-venv
spark-test: release
	@$(SPARK_VENV)/bin/python -c 'import pyspark, pyarrow, duckdb' 2>/dev/null || { \
	  python3 -m venv $(SPARK_VENV) && \
	  $(SPARK_VENV)/bin/pip install --quiet --disable-pip-version-check -r Samples/spark/requirements.txt; }
	SPARK_LOCAL_IP=127.0.0.1 $(SPARK_VENV)/bin/python Samples/spark/test_spark.py \
	  --binary $(SCRATCH)/release/rtcstats --work $(SCRATCH)/spark-test

clean:
	rm -rf $(SCRATCH)
