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
# ALSA's tools, the Python the paced ALSA capture device runs on (Tests/alsa), pexpect
# for the automation guide's Python example (Tests/pexpect), the headless browser the call
# flow's HTML picture is opened in (Tests/SoftphoneEndToEndTests/FlowEndToEndTests.swift), and
# the HTTP/2 clients the APNs endpoint is tested with (curl, nghttp, h2load; venv for the PyPI
# APNs clients, Tests/apns, and for the PyPI JUnit readers, Tests/junit), and HAProxy, which two
# fleets stand behind (Tests/fleet).
TEST_PACKAGES := expect tmux sox alsa-utils python3 python3-pexpect chromium curl nghttp2-client python3-venv haproxy
# What `make bench` measures the APNs endpoint against: nghttpd serving a fixed 200.
BENCH_PACKAGES := nghttp2-server
ARGS ?=

.PHONY: run test bench setup test-setup standalone-test build build-tests swift-test scenario-test scenario-real-time-test scenario-real-time expect-test apns-client-test junit-reader-test ios-frameworks-test ios-apps-test example-test fleet-test release-test clean check-sanitizers fuzz fuzz-build fuzz-test soak

run: setup build
	./.build/release/softphone $(ARGS)

test: setup test-setup standalone-test build-tests swift-test fuzz-test scenario-test junit-reader-test scenario-real-time-test expect-test apns-client-test ios-frameworks-test ios-apps-test example-test fleet-test release-test

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

# The Swift runtime linked in statically: no dynamic relocation of libswiftCore at start, less
# resident memory and a faster start (budgets: 12 MB, 7 ms; what it buys: docs/performance.md).
# Package.swift adds the rest of the release link's settings (Sources/softphone/Linking).
RELEASE := -c release --static-swift-stdlib

build:
	$(SWIFT) build $(RELEASE) --product softphone

# Nothing tracked may point outside the repository: users have only the repository. The checker's
# own test first, so a checker that could not fail would not pass.
standalone-test:
	Tests/standalone/check-references-test.sh
	Tests/standalone/check-references.sh

build-tests:
	$(SWIFT) build --build-tests

swift-test:
	$(SWIFT) test --skip-build

# The parsers' fuzz targets (Tests/fuzz/README.md) once over their seed corpus and every finding
# committed as a regression input. The debug build links them with libFuzzer's driver, without its
# coverage counters, which running fixed inputs does not need; a crash is a crash in either build.
fuzz-test:
	Tests/fuzz/run.sh check "$$($(SWIFT) build --show-bin-path)"

# Fuzzes each parser for FUZZ_SECONDS (TARGETS="json scenario" for some), built with libFuzzer's
# coverage and AddressSanitizer in a folder of their own; a crash, hang or runaway memory is saved
# to Tests/fuzz/regressions/NAME/, where fuzz-test runs it from then on.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := json control-request scenario vibrations ringtone apns-request http2-frames jwt storyboard image
FUZZ_BUILD := $(SWIFT) build --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer,address
fuzz-build: setup
	@for name in $(FUZZ_TARGETS); do $(FUZZ_BUILD) --product fuzz-$$name || exit 1; done

fuzz: fuzz-build
	Tests/fuzz/run.sh fuzz "$$($(FUZZ_BUILD) --show-bin-path)" $(FUZZ_SECONDS)

# The bundled scenarios on the manual clock (docs/scenarios.md), with a JUnit report for CI and
# a picture of each call flow (docs/flow.md).
scenario-test:
	mkdir -p .build
	"$$($(SWIFT) build --show-bin-path)/softphone" scenario Assets/Scenarios/*.scenario --junit .build/scenarios.xml --flow .build/flows

# The example package (Examples/MyPhoneApp): iOS call code, unchanged, in a phone of its own made
# with Softphone.main(apps:). Built as a developer builds theirs, in its own .build; its test, its
# scenario on the manual clock, and its phone in plain mode for calls (Tests/examples/my-phone.sh).
EXAMPLE := Examples/MyPhoneApp
# The frameworks app code written for iOS imports, in a package of their own (Tests/iOSFrameworks):
# it builds Softphone with the Foundation trait, as an app's package does.
IOS_FRAMEWORKS := Tests/iOSFrameworks
ios-frameworks-test:
	cd $(IOS_FRAMEWORKS) && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build

# Apps in the styles published iOS call code is written in (Tests/iOSApps), each built from its
# own files with the app delegate as its entry point, and rung through its own binary.
IOS_APPS := Tests/iOSApps
ios-apps-test:
	cd $(IOS_APPS) && $(SWIFT) build
	$(IOS_APPS)/ring.sh "$$(cd $(IOS_APPS) && $(SWIFT) build --show-bin-path)/CombineCallApp" "calls in progress: 1"
	$(IOS_APPS)/ring.sh "$$(cd $(IOS_APPS) && $(SWIFT) build --show-bin-path)/SceneCallApp" "call audio on" "scene active"
	$(IOS_APPS)/ring.sh "$$(cd $(IOS_APPS) && $(SWIFT) build --show-bin-path)/RecentsCallApp" $$'calls list loaded: Calls in a navigation controller\ncall icon: 74 bytes\nactive, showing Calls\ncalling +15551234' "" call-back

example-test:
	cd $(EXAMPLE) && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build
	cd $(EXAMPLE) && "$$($(SWIFT) build --show-bin-path)/my-phone" scenario Scenarios/*.scenario
	Tests/examples/my-phone.sh "$$(cd $(EXAMPLE) && $(SWIFT) build --show-bin-path)/my-phone"

# PyPI packages, pinned, in a virtual environment of their own for each set: .build/NAME-venv
# holds VENV_PACKAGES_NAME.
.build/%-venv/installed:
	python3 -m venv .build/$*-venv
	.build/$*-venv/bin/pip install -q $(VENV_PACKAGES_$*)
	touch $@

# Two JUnit readers, the report read as CI systems read it (docs/scenarios.md, `--junit OUT.xml`).
JUNIT_VENV := .build/junit-venv
VENV_PACKAGES_junit := junitparser==5.0.3 xunitparser==1.3.4

# The reports of a passing, a failing, a timed-out and a syntax-error run, read back by those readers.
junit-reader-test: $(JUNIT_VENV)/installed
	SOFTPHONE_BIN="$$($(SWIFT) build --show-bin-path)/softphone" JUNIT_PYTHON=$(JUNIT_VENV)/bin/python Tests/junit/read-reports.sh

# Three short scenarios in real time, back to back on one running phone (docs/scenarios.md).
scenario-real-time-test:
	SOFTPHONE_BIN="$$($(SWIFT) build --show-bin-path)/softphone" Tests/scenarios/real-time.sh \
	  Assets/Scenarios/voip-decline.scenario Assets/Scenarios/voip-remote-cancel.scenario Assets/Scenarios/voip-answer-hang-up.scenario

# Every bundled scenario in real time (about five minutes).
scenario-real-time: build-tests
	SOFTPHONE_BIN="$$($(SWIFT) build --show-bin-path)/softphone" Tests/scenarios/real-time.sh

expect-test:
	SOFTPHONE_BIN="$$($(SWIFT) build --show-bin-path)/softphone" Tests/expect/run-all.sh

# Two real APNs client libraries.
APNS_VENV := .build/apns-venv
VENV_PACKAGES_apns := aioapns==4.0 pyapns_client==2.0.6

# The APNs endpoint (--apns) against those clients, unchanged but for host, port and CA.
apns-client-test: $(APNS_VENV)/installed
	SOFTPHONE_BIN="$$($(SWIFT) build --show-bin-path)/softphone" APNS_PYTHON=$(APNS_VENV)/bin/python Tests/apns/run-clients.sh

# softphone fleet: registrations through the webhook, pushes routed by token, two fleets behind
# one HAProxy (Tests/fleet/fleet.sh); and the example backend's real APNs client calling every
# phone of a fleet (Tests/fleet/backend.sh; docs/fleet.md); a backend ending the call on each
# user's other devices, and one that forgets to (Tests/fleet/devices.sh).
fleet-test: $(APNS_VENV)/installed
	Tests/fleet/fleet.sh "$$($(SWIFT) build --show-bin-path)/softphone"
	APNS_PYTHON=$(APNS_VENV)/bin/python Tests/fleet/backend.sh "$$($(SWIFT) build --show-bin-path)/softphone"
	APNS_PYTHON=$(APNS_VENV)/bin/python Tests/fleet/devices.sh "$$($(SWIFT) build --show-bin-path)/softphone"

# The release binary `make run` starts, linked its own way (Package.swift), takes a call.
release-test: build
	Tests/release/smoke.sh ./.build/release/softphone

clean:
	rm -rf .build

# The budgets (docs/architecture.md), measured on this machine with the release build (see Sources/softphone-bench).
bench: setup test-setup
	$(call install_missing,$(BENCH_PACKAGES))
	$(SWIFT) build $(RELEASE) --product softphone
	$(SWIFT) build $(RELEASE) --product softphone-bench
	cd $(EXAMPLE) && $(SWIFT) build -c release --product my-phone
	cd $(IOS_APPS) && $(SWIFT) build $(RELEASE) --product CombineCallApp
	SOFTPHONE_BIN=$(CURDIR)/.build/release/softphone SOFTPHONE_EXAMPLE_BIN=$(CURDIR)/$(EXAMPLE)/.build/release/my-phone \
	  SOFTPHONE_IOS_APP_BIN=$(CURDIR)/$(IOS_APPS)/.build/release/CombineCallApp ./.build/release/softphone-bench

# Ten minutes of calls through the control socket (push + cancel, decline, answer + hang-up, each
# over a new connection), the phone's RSS and descriptors sampled every 30 s: fails when RSS grew
# by more than 1 MB or a descriptor was left open. SOFTPHONE_SOAK_SECONDS=120 for a shorter one.
soak: setup test-setup
	$(SWIFT) build $(RELEASE) --product softphone
	$(SWIFT) build $(RELEASE) --product softphone-bench
	SOFTPHONE_BENCH_ONLY=soak SOFTPHONE_BIN=$(CURDIR)/.build/release/softphone ./.build/release/softphone-bench

# The unit and end-to-end tests under AddressSanitizer, then under ThreadSanitizer, each
# sanitizer's build in a folder of its own (.build/asan, .build/tsan) so the ordinary debug build is
# left alone; the end-to-end tests start that build's phone. LeakSanitizer is off: what it reports
# is the test runner's own at exit (XCTest's and Swift Testing's state, ncurses' terminal); the
# phone's memory per call is measured by `make bench`. ThreadSanitizer stops at its first report.
# It sees the package's locks because they are pthread mutexes (Locked, in SoftphoneCore), not
# Synchronization's Mutex, whose waiting on a futex it cannot see. SANITIZERS=address for one.
# Reports go to files (log_path), the phones' as well as the tests' own: a report from a phone
# whose exit no test checks still fails the target.
SANITIZERS ?= address thread
check-sanitizers: setup test-setup
	@for sanitizer in $(SANITIZERS); do \
	  case $$sanitizer in address) folder=.build/asan ;; thread) folder=.build/tsan ;; *) folder=.build/$$sanitizer ;; esac; \
	  echo "== $$sanitizer"; \
	  $(SWIFT) build --build-tests --sanitize=$$sanitizer --scratch-path $$folder || exit 1; \
	  bin=$$($(SWIFT) build --sanitize=$$sanitizer --scratch-path $$folder --show-bin-path); \
	  reports=$(CURDIR)/$$folder/reports; rm -rf $$reports; mkdir -p $$reports; \
	  ASAN_OPTIONS=detect_leaks=0:log_path=$$reports/report TSAN_OPTIONS=halt_on_error=1:log_path=$$reports/report SOFTPHONE_BIN=$$bin/softphone \
	    $(SWIFT) test --skip-build --sanitize=$$sanitizer --scratch-path $$folder || exit 1; \
	  if ls $$reports/report* >/dev/null 2>&1; then echo "$$sanitizer: reports from the phones the tests started:"; cat $$reports/report*; exit 1; fi; \
	done
