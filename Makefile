# Softphone: two commands for a newcomer on a fresh Debian machine.
#   make run    installs what is missing, builds in release mode, starts the phone
#   make test   the same set-up plus the test tools, then every test
# Pass options to the phone with ARGS, e.g. `make run ARGS="--plain"`.

SHELL := /bin/bash
SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# C libraries the phone links against.
PACKAGES := libncurses-dev libasound2-dev libsndfile1-dev libsqlite3-dev libnghttp2-dev libssl-dev
# Tools the tests drive the phone with: a pseudo-terminal, a multiplexer, audio analysis,
# ALSA's tools, the Python the ALSA capture pacer runs on, pexpect for the automation
# guide's Python example (Tests/pexpect), and the HTTP/2 clients the APNs endpoint is tested
# with (curl, nghttp, h2load; venv for the PyPI APNs clients, Tests/apns).
TEST_PACKAGES := expect tmux sox alsa-utils python3 python3-pexpect curl nghttp2-client python3-venv
# What `make bench` measures the APNs endpoint against: nghttpd serving a fixed 200.
BENCH_PACKAGES := nghttp2-server
ARGS ?=

.PHONY: run test bench setup test-setup build build-tests swift-test scenario-test expect-test apns-client-test release-test clean

run: setup build
	./.build/release/softphone $(ARGS)

test: setup test-setup build-tests swift-test scenario-test expect-test apns-client-test release-test

# Installs only the packages that are missing; does nothing when all are there.
define install_missing
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

setup:
	@command -v "$(SWIFT)" >/dev/null || { echo "Swift 6 is needed: install the toolchain from swift.org and put it on PATH"; exit 1; }
	$(call install_missing,$(PACKAGES))

test-setup:
	$(call install_missing,$(TEST_PACKAGES))

# The Swift runtime linked in statically: no dynamic relocation of libswiftCore at start, about
# 1.2 MB less resident memory and a faster start (DESIGN.md budgets: 12 MB, 7 ms). Package.swift
# adds the rest of the release link's settings (Sources/softphone/Linking).
RELEASE := -c release --static-swift-stdlib

build:
	$(SWIFT) build $(RELEASE) --product softphone

build-tests:
	$(SWIFT) build --build-tests

swift-test:
	$(SWIFT) test --skip-build

# The bundled scenarios on the manual clock (docs/scenarios.md), with a JUnit report for CI.
scenario-test:
	mkdir -p .build
	"$$($(SWIFT) build --show-bin-path)/softphone" scenario Assets/Scenarios/*.scenario --junit .build/scenarios.xml

expect-test:
	SOFTPHONE_BIN="$$($(SWIFT) build --show-bin-path)/softphone" Tests/expect/run-all.sh

# Two real APNs client libraries from PyPI, pinned, in a virtual environment of their own.
APNS_VENV := .build/apns-venv
APNS_CLIENTS := aioapns==4.0 pyapns_client==2.0.6
$(APNS_VENV)/installed:
	python3 -m venv $(APNS_VENV)
	$(APNS_VENV)/bin/pip install -q $(APNS_CLIENTS)
	touch $@

# The APNs endpoint (--apns) against those clients, unchanged but for host, port and CA.
apns-client-test: $(APNS_VENV)/installed
	SOFTPHONE_BIN="$$($(SWIFT) build --show-bin-path)/softphone" APNS_PYTHON=$(APNS_VENV)/bin/python Tests/apns/run-clients.sh

# The release binary `make run` starts, linked its own way (Package.swift), takes a call.
release-test: build
	Tests/release/smoke.sh ./.build/release/softphone

clean:
	rm -rf .build

# DESIGN.md's budgets, measured on this machine with the release build (see Sources/softphone-bench).
bench: setup test-setup
	$(call install_missing,$(BENCH_PACKAGES))
	$(SWIFT) build $(RELEASE) --product softphone
	$(SWIFT) build $(RELEASE) --product softphone-bench
	SOFTPHONE_BIN=$(CURDIR)/.build/release/softphone ./.build/release/softphone-bench
