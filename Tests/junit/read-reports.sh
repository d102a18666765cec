#!/usr/bin/env bash
# The JUnit report (`softphone scenario --junit`) read back by two JUnit readers from PyPI,
# junitparser and xunitparser (installed by `make test` into .build/junit-venv): the counts, each
# test case's class, name, result and type, for a passing, a failing, a timed-out and a
# syntax-error run. The syntax-error run writes over the passing run's report, as a CI job that
# reuses one path does, and must replace it.
# usage: SOFTPHONE_BIN=path/to/softphone JUNIT_PYTHON=.build/junit-venv/bin/python Tests/junit/read-reports.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# Both as absolute paths: the runs below are made from a folder of their own.
bin=$(realpath "${SOFTPHONE_BIN:?set SOFTPHONE_BIN}")
python=$(realpath -s "${JUNIT_PYTHON:?set JUNIT_PYTHON}")
dir=$(mktemp -d /tmp/softphone-junit-XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
mkdir flows
printf 'at 0s call\nexpect call.incoming\nat 30s key a\nexpect call.connected\n' >passing.scenario
printf 'at 0s call --from Alice\nexpect call.incoming caller=Bob\n' >flows/failing.scenario
printf 'at 0s call\nexpect call.connected within 3s\n' >timing.scenario
printf 'at 0s call\nexpect call.incomming\n' >broken.scenario

failures=0
check() {  # REPORT WANTED: each reader must see WANTED in REPORT
  local reader got
  for reader in junitparser xunitparser; do
    got=$("$python" "$here/read_report.py" "$reader" "$1" 2>&1 | tail -1) || true
    if [ "$got" = "$2" ]; then
      echo "ok   $reader $1: $got"
    else
      echo "FAIL $reader $1: wanted \"$2\", got \"$got\""
      failures=$((failures + 1))
    fi
  done
}
run() {  # WANTED_STATUS ARGS...: the run's exit status must be WANTED_STATUS
  local wanted=$1 status=0
  shift
  "$bin" scenario "$@" >/dev/null 2>&1 || status=$?
  if [ "$status" != "$wanted" ]; then
    echo "FAIL softphone scenario $*: exit $status, wanted $wanted"
    failures=$((failures + 1))
  fi
}

run 0 passing.scenario --junit reports/ci.xml
check reports/ci.xml "tests=1 failures=0 errors=0 skipped=0 ./passing:passed()"
run 1 flows/failing.scenario --junit reports/failing.xml
check reports/failing.xml "tests=1 failures=1 errors=0 skipped=0 flows/failing:failure(failed)"
run 97 timing.scenario --junit reports/timing.xml
check reports/timing.xml "tests=1 failures=1 errors=0 skipped=0 ./timing:failure(timeout)"
run 2 passing.scenario broken.scenario --junit reports/ci.xml
check reports/ci.xml "tests=2 failures=0 errors=1 skipped=1 ./broken:error(syntax) ./passing:skipped()"

[ "$failures" = 0 ] || { echo "$failures JUnit check(s) failed"; exit 1; }
echo "the JUnit reports read back with junitparser and xunitparser"
